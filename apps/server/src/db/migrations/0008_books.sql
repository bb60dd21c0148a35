CREATE TABLE "balance_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"type" text NOT NULL,
	"transaction_id" text NOT NULL,
	"refund_id" text,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"net" bigint NOT NULL,
	"currency" text NOT NULL,
	"available_on" date NOT NULL,
	"payout_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "closes" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"terminal_id" text NOT NULL,
	"number" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"closed_by" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"arrival_date" date NOT NULL,
	"payments_count" integer NOT NULL,
	"gross" bigint NOT NULL,
	"fees" bigint NOT NULL,
	"refunds" bigint NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "succeeded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "tax_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "fee" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "payout_id" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "tax_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "daily_close_time" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "close_report_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "payout_delay_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "payout_time" text DEFAULT '06:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "balance_entries_payment_key" ON "balance_entries" USING btree ("transaction_id") WHERE type = 'payment';--> statement-breakpoint
CREATE UNIQUE INDEX "balance_entries_refund_key" ON "balance_entries" USING btree ("refund_id") WHERE type = 'refund';--> statement-breakpoint
CREATE INDEX "balance_entries_unpaid_idx" ON "balance_entries" USING btree ("project_id","available_on") WHERE payout_id is null;--> statement-breakpoint
CREATE INDEX "balance_entries_payout_idx" ON "balance_entries" USING btree ("payout_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "closes_terminal_number_key" ON "closes" USING btree ("terminal_id","number");--> statement-breakpoint
CREATE INDEX "closes_project_idx" ON "closes" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "closes_project_terminal_idx" ON "closes" USING btree ("project_id","terminal_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payouts_project_idx" ON "payouts" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_provider_reference_key" ON "payouts" USING btree ("provider_reference");--> statement-breakpoint
CREATE INDEX "refunds_project_succeeded_idx" ON "refunds" USING btree ("project_id","succeeded_at") WHERE succeeded_at is not null;--> statement-breakpoint
CREATE INDEX "transactions_terminal_succeeded_idx" ON "transactions" USING btree ("terminal_id","succeeded_at") WHERE succeeded_at is not null;