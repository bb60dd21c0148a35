ALTER TABLE "simulator_charges" ADD COLUMN "card_wallet" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "card_wallet" text;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "card_wallet" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "card_wallet" text;