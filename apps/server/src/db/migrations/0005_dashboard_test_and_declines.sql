ALTER TABLE "dashboard_rollups" DROP CONSTRAINT "dashboard_rollups_project_id_grain_terminal_id_currency_bucket_start_pk";--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD COLUMN "declined_attempts" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD COLUMN "rescued" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD CONSTRAINT "dashboard_rollups_project_id_grain_terminal_id_currency_bucket_start_test_pk" PRIMARY KEY("project_id","grain","terminal_id","currency","bucket_start","test");
