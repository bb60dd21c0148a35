CREATE TABLE "cashier_pin_failures" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"terminal_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cashier_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"terminal_id" text NOT NULL,
	"staff_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_reason" text
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"pin_hash" text NOT NULL,
	"pin_lookup" text NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "tip_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "skip_tipping" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "cashier_id" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "cashier_name" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "tipping" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "cashier_idle_minutes" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "cashier_pin_failures" ADD CONSTRAINT "cashier_pin_failures_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_pin_failures" ADD CONSTRAINT "cashier_pin_failures_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_sessions" ADD CONSTRAINT "cashier_sessions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_sessions" ADD CONSTRAINT "cashier_sessions_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_sessions" ADD CONSTRAINT "cashier_sessions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cashier_pin_failures_terminal_idx" ON "cashier_pin_failures" USING btree ("terminal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cashier_sessions_token_key" ON "cashier_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "cashier_sessions_staff_idx" ON "cashier_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "cashier_sessions_terminal_idx" ON "cashier_sessions" USING btree ("terminal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_project_pin_key" ON "staff" USING btree ("project_id","pin_lookup");--> statement-breakpoint
CREATE INDEX "staff_project_idx" ON "staff" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_project_cashier_idx" ON "transactions" USING btree ("project_id","cashier_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);