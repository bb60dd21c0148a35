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
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"previous_secret_hash" text,
	"previous_expires_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_email" text,
	"action" text NOT NULL,
	"target" text,
	"ip" text,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_uid" text NOT NULL,
	"name" text NOT NULL,
	"legal_name" text,
	"country" text NOT NULL,
	"default_currency" text NOT NULL,
	"support_email" text,
	"address" jsonb,
	"payment_provider" text DEFAULT 'simulator' NOT NULL,
	"stripe_secret_key_enc" text,
	"stripe_secret_key_last4" text,
	"stripe_webhook_secret_enc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"email" text NOT NULL,
	"email_normalized" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"response" text
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"project_id" text NOT NULL,
	"uid" text NOT NULL,
	"email" text,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_project_id_uid_pk" PRIMARY KEY("project_id","uid")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"name" text NOT NULL,
	"time_zone" text NOT NULL,
	"currency" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "identity_provider_links" ADD CONSTRAINT "identity_provider_links_uid_identity_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."identity_users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_refresh_tokens" ADD CONSTRAINT "identity_refresh_tokens_uid_identity_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."identity_users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_oob_codes" ADD CONSTRAINT "identity_oob_codes_uid_identity_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."identity_users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_provider_links_federated_key" ON "identity_provider_links" USING btree ("provider_id","federated_id");--> statement-breakpoint
CREATE INDEX "identity_provider_links_uid_idx" ON "identity_provider_links" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_refresh_tokens_hash_key" ON "identity_refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "identity_refresh_tokens_uid_idx" ON "identity_refresh_tokens" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_users_email_key" ON "identity_users" USING btree ("email_normalized");--> statement-breakpoint
CREATE INDEX "identity_oob_codes_uid_idx" ON "identity_oob_codes" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_key" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_previous_secret_key" ON "api_keys" USING btree ("previous_secret_hash");--> statement-breakpoint
CREATE INDEX "api_keys_project_idx" ON "api_keys" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_project_idx" ON "audit_log" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "businesses_owner_idx" ON "businesses" USING btree ("owner_uid","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_key" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_project_idx" ON "invitations" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree ("email_normalized");--> statement-breakpoint
CREATE INDEX "memberships_uid_idx" ON "memberships" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "memberships_project_list_idx" ON "memberships" USING btree ("project_id","created_at" DESC NULLS LAST,"uid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_business_idx" ON "projects" USING btree ("business_id");