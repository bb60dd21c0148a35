-- Issue 27 §3: request_logs becomes a table range-partitioned by month on created_at, in place,
-- keeping its rows. Hand-written (drizzle-kit cannot express partitions); runs on PostgreSQL 15
-- and PGlite alike. One partition per month from the oldest row's month to three months ahead,
-- and a DEFAULT partition for anything outside them (the maintenance job moves such rows into
-- their month when it makes that month's partition).
ALTER TABLE "request_logs" RENAME TO "request_logs_unpartitioned";--> statement-breakpoint
ALTER TABLE "request_logs_unpartitioned" RENAME CONSTRAINT "request_logs_id_created_at_pk" TO "request_logs_unpartitioned_pk";--> statement-breakpoint
ALTER INDEX "request_logs_project_idx" RENAME TO "request_logs_unpartitioned_project_idx";--> statement-breakpoint
ALTER INDEX "request_logs_created_idx" RENAME TO "request_logs_unpartitioned_created_idx";--> statement-breakpoint
CREATE TABLE "request_logs" (LIKE "request_logs_unpartitioned" INCLUDING DEFAULTS) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER TABLE "request_logs" ADD CONSTRAINT "request_logs_id_created_at_pk" PRIMARY KEY("id","created_at");--> statement-breakpoint
CREATE INDEX "request_logs_project_idx" ON "request_logs" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "request_logs_created_idx" ON "request_logs" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "request_logs_default" PARTITION OF "request_logs" DEFAULT;--> statement-breakpoint
DO $$
DECLARE
  month timestamptz := date_trunc('month', coalesce((SELECT min("created_at") FROM "request_logs_unpartitioned"), now()) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  last timestamptz := (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months') AT TIME ZONE 'UTC';
BEGIN
  WHILE month <= last LOOP
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF "request_logs" FOR VALUES FROM (%L) TO (%L)',
      'request_logs_p' || to_char(month AT TIME ZONE 'UTC', 'YYYY_MM'),
      month,
      ((month AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC')
    );
    month := (month AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC';
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "request_logs" SELECT * FROM "request_logs_unpartitioned";--> statement-breakpoint
DROP TABLE "request_logs_unpartitioned";
