CREATE TABLE "identity_mfa_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"display_name" text,
	"secret_sealed" text NOT NULL,
	"last_used_step" integer,
	"enrolled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_mfa_pending" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"uid" text NOT NULL,
	"provider" text,
	"secret_sealed" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_recovery_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_refresh_tokens" ADD COLUMN "second_factor" text;--> statement-breakpoint
ALTER TABLE "identity_refresh_tokens" ADD COLUMN "second_factor_identifier" text;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "online_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "offline_alert_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "sticker_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "offline_alert_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "source" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "receipt_token" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "receipt_url" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "receipt_emails_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "terminal_offline_alert_minutes" integer;--> statement-breakpoint
ALTER TABLE "identity_mfa_factors" ADD CONSTRAINT "identity_mfa_factors_uid_identity_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."identity_users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_mfa_pending" ADD CONSTRAINT "identity_mfa_pending_uid_identity_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."identity_users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_recovery_codes" ADD CONSTRAINT "identity_recovery_codes_uid_identity_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."identity_users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_mfa_factors_uid_idx" ON "identity_mfa_factors" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "identity_mfa_pending_uid_idx" ON "identity_mfa_pending" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "identity_recovery_codes_uid_idx" ON "identity_recovery_codes" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_sticker_token_key" ON "terminals" USING btree ("sticker_token");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_receipt_token_key" ON "transactions" USING btree ("receipt_token");