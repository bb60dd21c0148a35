DROP INDEX "balance_entries_payment_key";--> statement-breakpoint
ALTER TABLE "balance_entries" ADD COLUMN "tender_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "tender_id" text;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "tender_id" text;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "payment_token" text;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "declines" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "fee" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "balance_entries_tender_payment_key" ON "balance_entries" USING btree ("tender_id") WHERE type = 'payment' and tender_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tenders_payment_token_key" ON "tenders" USING btree ("payment_token");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_entries_payment_key" ON "balance_entries" USING btree ("transaction_id") WHERE type = 'payment' and tender_id is null;