ALTER TABLE "balance_entries" ALTER COLUMN "transaction_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_entries" ADD COLUMN "settlement_amount" bigint;--> statement-breakpoint
ALTER TABLE "balance_entries" ADD COLUMN "settlement_fee" bigint;--> statement-breakpoint
ALTER TABLE "balance_entries" ADD COLUMN "settlement_net" bigint;--> statement-breakpoint
ALTER TABLE "balance_entries" ADD COLUMN "settlement_currency" text;--> statement-breakpoint
ALTER TABLE "balance_entries" ADD COLUMN "exchange_rate" text;--> statement-breakpoint
ALTER TABLE "balance_entries" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "balance_entries" ADD COLUMN "description" text;--> statement-breakpoint
CREATE UNIQUE INDEX "balance_entries_adjustment_key" ON "balance_entries" USING btree ("provider_reference") WHERE type = 'adjustment';