CREATE TABLE "item_rollups" (
	"project_id" text NOT NULL,
	"level" smallint NOT NULL,
	"terminal_id" text NOT NULL,
	"cashier_id" text NOT NULL,
	"currency" text NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"item_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"category" text NOT NULL,
	"quantity" numeric(18, 3) DEFAULT '0' NOT NULL,
	"refunded_quantity" numeric(18, 3) DEFAULT '0' NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"refunded_tax" bigint DEFAULT 0 NOT NULL,
	"last_name" text,
	"last_at" timestamp with time zone,
	CONSTRAINT "item_rollups_project_id_level_terminal_id_cashier_id_currency_bucket_start_item_id_variant_id_category_pk" PRIMARY KEY("project_id","level","terminal_id","cashier_id","currency","bucket_start","item_id","variant_id","category")
);
--> statement-breakpoint
CREATE TABLE "tender_rollups" (
	"project_id" text NOT NULL,
	"grain" text NOT NULL,
	"terminal_id" text NOT NULL,
	"currency" text NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "tender_rollups_project_id_grain_terminal_id_currency_bucket_start_test_method_pk" PRIMARY KEY("project_id","grain","terminal_id","currency","bucket_start","test","method")
);
--> statement-breakpoint
ALTER TABLE "item_rollups" ADD CONSTRAINT "item_rollups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_rollups" ADD CONSTRAINT "tender_rollups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_rollups_bucket_idx" ON "item_rollups" USING btree ("project_id","bucket_start");--> statement-breakpoint
-- Existing projects have no item or tender rollups yet: forgetting the zone their rollups were
-- bucketed in makes the next read or pass rebuild each project's rollups whole (ensureState).
UPDATE "rollup_state" SET "time_zone" = '';
