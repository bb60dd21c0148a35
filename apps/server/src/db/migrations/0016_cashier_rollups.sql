CREATE TABLE "cashier_rollups" (
	"project_id" text NOT NULL,
	"grain" text NOT NULL,
	"terminal_id" text NOT NULL,
	"currency" text NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"cashier_id" text NOT NULL,
	"payments_count" bigint DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"tips" bigint DEFAULT 0 NOT NULL,
	"last_name" text,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cashier_rollups_project_id_grain_terminal_id_currency_bucket_start_test_cashier_id_pk" PRIMARY KEY("project_id","grain","terminal_id","currency","bucket_start","test","cashier_id")
);
--> statement-breakpoint
ALTER TABLE "cashier_rollups" ADD CONSTRAINT "cashier_rollups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;