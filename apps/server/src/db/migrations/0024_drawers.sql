CREATE TABLE "drawer_movements" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"drawer_id" text NOT NULL,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"cashier_id" text,
	"cashier_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drawers" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"terminal_id" text NOT NULL,
	"currency" text NOT NULL,
	"float" bigint NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"opened_by_cashier_id" text,
	"closed_at" timestamp with time zone,
	"close_id" text,
	"counted" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "drawer_id" text;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "drawer_id" text;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "refund_drawer_id" text;--> statement-breakpoint
ALTER TABLE "drawer_movements" ADD CONSTRAINT "drawer_movements_drawer_id_drawers_id_fk" FOREIGN KEY ("drawer_id") REFERENCES "public"."drawers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawers" ADD CONSTRAINT "drawers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drawer_movements_drawer_idx" ON "drawer_movements" USING btree ("drawer_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "drawers_open_key" ON "drawers" USING btree ("terminal_id") WHERE closed_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "drawers_close_key" ON "drawers" USING btree ("close_id") WHERE close_id is not null;--> statement-breakpoint
CREATE INDEX "drawers_terminal_idx" ON "drawers" USING btree ("project_id","terminal_id","opened_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tenders_drawer_idx" ON "tenders" USING btree ("drawer_id") WHERE drawer_id is not null;--> statement-breakpoint
CREATE INDEX "tenders_refund_drawer_idx" ON "tenders" USING btree ("refund_drawer_id") WHERE refund_drawer_id is not null;