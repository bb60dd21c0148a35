CREATE TABLE "event_fanout" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_fanout_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" text NOT NULL,
	"project_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" text NOT NULL,
	"type" text NOT NULL,
	"object_id" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "simulator_charges" (
	"project_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"id" text NOT NULL,
	"payment_method" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"failure_code" text,
	"amount_refunded" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulator_charges_project_id_idempotency_key_pk" PRIMARY KEY("project_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "simulator_refunds" (
	"project_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"id" text NOT NULL,
	"charge_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulator_refunds_project_id_idempotency_key_pk" PRIMARY KEY("project_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"project_id" text NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_project_id_scope_key_pk" PRIMARY KEY("project_id","scope","key")
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"scan_id" text,
	"provider" text NOT NULL,
	"payment_method" text NOT NULL,
	"status" text NOT NULL,
	"provider_reference" text,
	"card_brand" text,
	"card_last4" text,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text,
	"status" text NOT NULL,
	"provider_reference" text,
	"failure_code" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scans" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"transaction_id" text,
	"terminal_id" text NOT NULL,
	"outcome" text DEFAULT 'opened' NOT NULL,
	"rejected_reason" text,
	"user_agent" text,
	"app_version" text,
	"ip_hash" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_pairing_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"terminal_id" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"location" text,
	"serial" text,
	"status" text DEFAULT 'unpaired' NOT NULL,
	"device_token_hash" text,
	"device_model" text,
	"app_version" text,
	"battery" integer,
	"network" text,
	"last_seen_at" timestamp with time zone,
	"paired_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_status_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transaction_status_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"terminal_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reference" text,
	"metadata" jsonb,
	"payment_token" text NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"card_brand" text,
	"card_last4" text,
	"failure_code" text,
	"failure_message" text,
	"amount_refunded" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"succeeded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_rollups" (
	"project_id" text NOT NULL,
	"grain" text NOT NULL,
	"terminal_id" text NOT NULL,
	"currency" text NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"transactions" bigint DEFAULT 0 NOT NULL,
	"succeeded" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	"volume" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"declines" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scans" bigint DEFAULT 0 NOT NULL,
	"scans_paid" bigint DEFAULT 0 NOT NULL,
	"scan_to_pay" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "dashboard_rollups_project_id_grain_terminal_id_currency_bucket_start_pk" PRIMARY KEY("project_id","grain","terminal_id","currency","bucket_start")
);
--> statement-breakpoint
CREATE TABLE "rollup_state" (
	"project_id" text PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"origin_minutes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollup_watermark" (
	"name" text PRIMARY KEY NOT NULL,
	"changed_since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" text NOT NULL,
	"endpoint_id" text NOT NULL,
	"delivery_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"succeeded" boolean NOT NULL,
	"request_url" text NOT NULL,
	"request_headers" jsonb NOT NULL,
	"request_body" text NOT NULL,
	"response_status" integer,
	"response_headers" jsonb,
	"response_body" text,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"endpoint_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"schedule_step" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"next_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"event_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"secret_enc" text NOT NULL,
	"previous_secret_enc" text,
	"previous_secret_expires_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_failure_reason" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
	"stripe_publishable_key" text,
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
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_pairing_codes" ADD CONSTRAINT "terminal_pairing_codes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_pairing_codes" ADD CONSTRAINT "terminal_pairing_codes_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_status_changes" ADD CONSTRAINT "transaction_status_changes_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD CONSTRAINT "dashboard_rollups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollup_state" ADD CONSTRAINT "rollup_state_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_project_idx" ON "events" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_project_type_idx" ON "events" USING btree ("project_id","type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_object_idx" ON "events" USING btree ("project_id","object_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_provider_links_federated_key" ON "identity_provider_links" USING btree ("provider_id","federated_id");--> statement-breakpoint
CREATE INDEX "identity_provider_links_uid_idx" ON "identity_provider_links" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_refresh_tokens_hash_key" ON "identity_refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "identity_refresh_tokens_uid_idx" ON "identity_refresh_tokens" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_users_email_key" ON "identity_users" USING btree ("email_normalized");--> statement-breakpoint
CREATE INDEX "identity_oob_codes_uid_idx" ON "identity_oob_codes" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_expiry_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "payment_attempts_txn_idx" ON "payment_attempts" USING btree ("transaction_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_txn_idx" ON "refunds" USING btree ("transaction_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_project_idx" ON "refunds" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "refunds_updated_idx" ON "refunds" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "scans_project_idx" ON "scans" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "scans_project_outcome_idx" ON "scans" USING btree ("project_id","outcome","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "scans_project_terminal_idx" ON "scans" USING btree ("project_id","terminal_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "scans_txn_idx" ON "scans" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "scans_updated_idx" ON "scans" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "terminal_pairing_codes_terminal_idx" ON "terminal_pairing_codes" USING btree ("project_id","terminal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_device_token_key" ON "terminals" USING btree ("device_token_hash");--> statement-breakpoint
CREATE INDEX "terminals_project_idx" ON "terminals" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "terminals_project_status_idx" ON "terminals" USING btree ("project_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "terminals_online_seen_idx" ON "terminals" USING btree ("last_seen_at") WHERE status = 'online';--> statement-breakpoint
CREATE INDEX "transaction_status_changes_txn_idx" ON "transaction_status_changes" USING btree ("transaction_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_payment_token_key" ON "transactions" USING btree ("payment_token");--> statement-breakpoint
CREATE INDEX "transactions_project_idx" ON "transactions" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_project_status_idx" ON "transactions" USING btree ("project_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_project_terminal_idx" ON "transactions" USING btree ("project_id","terminal_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_pending_expiry_idx" ON "transactions" USING btree ("expires_at") WHERE status in ('pending', 'requires_action');--> statement-breakpoint
CREATE INDEX "transactions_processing_idx" ON "transactions" USING btree ("updated_at") WHERE status = 'processing';--> statement-breakpoint
CREATE INDEX "transactions_project_amount_idx" ON "transactions" USING btree ("project_id","amount","id");--> statement-breakpoint
CREATE INDEX "transactions_project_status_amount_idx" ON "transactions" USING btree ("project_id","status","amount","id");--> statement-breakpoint
CREATE INDEX "transactions_updated_idx" ON "transactions" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","started_at");--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_idx" ON "webhook_attempts" USING btree ("project_id","endpoint_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_endpoint_key" ON "webhook_deliveries" USING btree ("project_id","event_id","endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("project_id","endpoint_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_status_idx" ON "webhook_deliveries" USING btree ("project_id","endpoint_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_endpoints_project_idx" ON "webhook_endpoints" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_key" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_previous_secret_key" ON "api_keys" USING btree ("previous_secret_hash");--> statement-breakpoint
CREATE INDEX "api_keys_project_idx" ON "api_keys" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_project_idx" ON "audit_log" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "businesses_owner_idx" ON "businesses" USING btree ("owner_uid","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_key" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_project_idx" ON "invitations" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree ("email_normalized");--> statement-breakpoint
CREATE INDEX "memberships_uid_idx" ON "memberships" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "memberships_project_list_idx" ON "memberships" USING btree ("project_id","created_at" DESC NULLS FIRST,"uid" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "memberships_project_email_idx" ON "memberships" USING btree ("project_id",coalesce("email", ''),"uid");--> statement-breakpoint
CREATE INDEX "memberships_project_role_idx" ON "memberships" USING btree ("project_id","role","uid");--> statement-breakpoint
CREATE INDEX "projects_business_idx" ON "projects" USING btree ("business_id");