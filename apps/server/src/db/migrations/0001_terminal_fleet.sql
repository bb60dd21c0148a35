ALTER TABLE "terminals" ADD COLUMN "online_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "offline_alert_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "sticker_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "offline_alert_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "source" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "terminal_offline_alert_minutes" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_sticker_token_key" ON "terminals" USING btree ("sticker_token");