CREATE TABLE "request_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text,
	"method" text NOT NULL,
	"route" text,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"key_id" text,
	"key_prefix" text,
	"terminal_id" text,
	"ip" text,
	"request_id" text NOT NULL,
	"idempotency_key" text,
	"request_body" jsonb,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "require_mfa" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "request_logs_project_idx" ON "request_logs" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "request_logs_created_idx" ON "request_logs" USING btree ("created_at");