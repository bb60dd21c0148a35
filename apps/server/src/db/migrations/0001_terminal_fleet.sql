ALTER TABLE "terminals" ADD COLUMN "online_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "offline_alert_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "offline_alert_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "terminal_offline_alert_minutes" integer;