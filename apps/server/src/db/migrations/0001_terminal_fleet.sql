ALTER TABLE "terminals" ADD COLUMN "online_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "offline_alert_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "sticker_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "offline_alert_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "source" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "receipt_token" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "receipt_url" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "receipt_emails_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "terminal_offline_alert_minutes" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_sticker_token_key" ON "terminals" USING btree ("sticker_token");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_receipt_token_key" ON "transactions" USING btree ("receipt_token");