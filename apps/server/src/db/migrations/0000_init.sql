CREATE TABLE "identity_provider_links" (
	"uid" text NOT NULL,
	"provider_id" text NOT NULL,
	"federated_id" text NOT NULL,
	"email" text,
	"display_name" text,
	"photo_url" text,
	"raw_user_info" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_refresh_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"token_hash" text NOT NULL,
	"provider" text NOT NULL,
	"auth_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "identity_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_users" (
	"uid" text PRIMARY KEY NOT NULL,
	"email" text,
	"email_normalized" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"password_updated_at" timestamp with time zone,
	"display_name" text,
	"photo_url" text,
	"phone_number" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"tokens_valid_after" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	"last_refresh_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_federated_flows" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"provider_name" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"mode" text NOT NULL,
	"return_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_federated_handles" (
	"handle_hash" text PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"id_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_oob_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"uid" text,
	"email" text NOT NULL,
	"new_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"kind" text NOT NULL,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_provider_links" ADD CONSTRAINT "identity_provider_links_uid_identity_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."identity_users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_refresh_tokens" ADD CONSTRAINT "identity_refresh_tokens_uid_identity_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."identity_users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_oob_codes" ADD CONSTRAINT "identity_oob_codes_uid_identity_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."identity_users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_provider_links_federated_key" ON "identity_provider_links" USING btree ("provider_id","federated_id");--> statement-breakpoint
CREATE INDEX "identity_provider_links_uid_idx" ON "identity_provider_links" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_refresh_tokens_hash_key" ON "identity_refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "identity_refresh_tokens_uid_idx" ON "identity_refresh_tokens" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_users_email_key" ON "identity_users" USING btree ("email_normalized");--> statement-breakpoint
CREATE INDEX "identity_oob_codes_uid_idx" ON "identity_oob_codes" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");