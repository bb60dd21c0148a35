-- Issue 27 §3: events, webhook_deliveries and webhook_attempts become tables range-partitioned by
-- month, in place, keeping their rows (as 0013 did for request_logs). Hand-written: drizzle-kit
-- cannot express partitions (its snapshot for this migration holds the resulting keys, columns
-- and indexes, so a later `drizzle-kit generate` finds nothing to do). Runs on PostgreSQL 15 and
-- PGlite alike. Partition keys (the reasons are in src/db/schema/webhooks.ts):
--   events              created_at
--   webhook_deliveries  event_created_at (new: its event's created_at)
--   webhook_attempts    event_created_at (new: its delivery's event_created_at)
-- Each gets one partition per month from its oldest row's month to three months ahead, and a
-- DEFAULT partition for anything outside them. Primary keys become (id, partition key); the
-- unique (project, event, endpoint) key of deliveries takes event_created_at, which an event
-- has one of; attempts lose their foreign key to deliveries (a key into a partitioned table
-- would block dropping its partitions) and get one to their endpoint instead (its deletion
-- still removes them). The queue event_fanout (not partitioned) carries the event's
-- created_at, so the fan-out reads the event from its one partition.
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk";--> statement-breakpoint
ALTER TABLE "events" RENAME TO "events_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "events_seq_seq" RENAME TO "events_unpartitioned_seq_seq";--> statement-breakpoint
DROP INDEX "events_project_idx";--> statement-breakpoint
DROP INDEX "events_project_type_idx";--> statement-breakpoint
DROP INDEX "events_object_idx";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" RENAME TO "webhook_deliveries_unpartitioned";--> statement-breakpoint
DROP INDEX "webhook_deliveries_event_endpoint_key";--> statement-breakpoint
DROP INDEX "webhook_deliveries_endpoint_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_endpoint_failed_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_due_idx";--> statement-breakpoint
ALTER TABLE "webhook_attempts" RENAME TO "webhook_attempts_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "webhook_attempts_id_seq" RENAME TO "webhook_attempts_unpartitioned_id_seq";--> statement-breakpoint
DROP INDEX "webhook_attempts_delivery_idx";--> statement-breakpoint
DROP INDEX "webhook_attempts_endpoint_idx";--> statement-breakpoint
CREATE TABLE "events" (
	"id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" text NOT NULL,
	"type" text NOT NULL,
	"object_id" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text NOT NULL,
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
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_created_at" timestamp with time zone NOT NULL
) PARTITION BY RANGE ("event_created_at");--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "webhook_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
	"error" text,
	"event_created_at" timestamp with time zone NOT NULL
) PARTITION BY RANGE ("event_created_at");--> statement-breakpoint
CREATE TABLE "events_default" PARTITION OF "events" DEFAULT;--> statement-breakpoint
CREATE TABLE "webhook_deliveries_default" PARTITION OF "webhook_deliveries" DEFAULT;--> statement-breakpoint
CREATE TABLE "webhook_attempts_default" PARTITION OF "webhook_attempts" DEFAULT;--> statement-breakpoint
DO $$
DECLARE
  t record;
  month timestamptz;
  last timestamptz := (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months') AT TIME ZONE 'UTC';
  -- Deliveries and attempts are keyed on their event's time; a delivery whose event is gone
  -- (none should be) takes its own.
  oldest timestamptz := least(
    (SELECT min("created_at") FROM "events_unpartitioned"),
    (SELECT min("created_at") FROM "webhook_deliveries_unpartitioned"));
BEGIN
  FOR t IN SELECT * FROM (VALUES ('events'), ('webhook_deliveries'), ('webhook_attempts')) AS v(name) LOOP
    month := date_trunc('month', coalesce(oldest, now()) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
    WHILE month <= last LOOP
      EXECUTE format(
        'CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
        t.name || '_p' || to_char(month AT TIME ZONE 'UTC', 'YYYY_MM'),
        t.name,
        month,
        ((month AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC')
      );
      month := (month AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC';
    END LOOP;
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "events" ("id", "seq", "project_id", "type", "object_id", "data", "created_at")
  OVERRIDING SYSTEM VALUE
  SELECT "id", "seq", "project_id", "type", "object_id", "data", "created_at" FROM "events_unpartitioned";--> statement-breakpoint
SELECT setval('"events_seq_seq"', s.last_value, s.is_called) FROM "events_unpartitioned_seq_seq" s;--> statement-breakpoint
INSERT INTO "webhook_deliveries" ("id", "project_id", "endpoint_id", "event_id", "event_type", "status",
    "attempt_count", "schedule_step", "response_status", "next_attempt_at", "last_attempt_at", "lease_owner",
    "lease_until", "created_at", "updated_at", "event_created_at")
  SELECT d."id", d."project_id", d."endpoint_id", d."event_id", d."event_type", d."status", d."attempt_count",
    d."schedule_step", d."response_status", d."next_attempt_at", d."last_attempt_at", d."lease_owner",
    d."lease_until", d."created_at", d."updated_at", coalesce(e."created_at", d."created_at")
  FROM "webhook_deliveries_unpartitioned" d LEFT JOIN "events_unpartitioned" e ON e."id" = d."event_id";--> statement-breakpoint
INSERT INTO "webhook_attempts" ("id", "project_id", "endpoint_id", "delivery_id", "started_at", "duration_ms",
    "succeeded", "request_url", "request_headers", "request_body", "response_status", "response_headers",
    "response_body", "error", "event_created_at")
  OVERRIDING SYSTEM VALUE
  SELECT a."id", a."project_id", a."endpoint_id", a."delivery_id", a."started_at", a."duration_ms", a."succeeded",
    a."request_url", a."request_headers", a."request_body", a."response_status", a."response_headers",
    a."response_body", a."error", coalesce(e."created_at", d."created_at")
  FROM "webhook_attempts_unpartitioned" a
  JOIN "webhook_deliveries_unpartitioned" d ON d."id" = a."delivery_id"
  LEFT JOIN "events_unpartitioned" e ON e."id" = d."event_id";--> statement-breakpoint
SELECT setval('"webhook_attempts_id_seq"', s.last_value, s.is_called) FROM "webhook_attempts_unpartitioned_id_seq" s;--> statement-breakpoint
DROP TABLE "webhook_attempts_unpartitioned";--> statement-breakpoint
DROP TABLE "webhook_deliveries_unpartitioned";--> statement-breakpoint
DROP TABLE "events_unpartitioned";--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_id_created_at_pk" PRIMARY KEY("id","created_at");--> statement-breakpoint
CREATE INDEX "events_project_idx" ON "events" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_project_type_idx" ON "events" USING btree ("project_id","type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_object_idx" ON "events" USING btree ("project_id","object_id");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_id_event_created_at_pk" PRIMARY KEY("id","event_created_at");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_endpoint_key" ON "webhook_deliveries" USING btree ("project_id","event_id","endpoint_id","event_created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("project_id","endpoint_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_failed_idx" ON "webhook_deliveries" USING btree ("project_id","endpoint_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'failed';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_id_event_created_at_pk" PRIMARY KEY("id","event_created_at");--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","started_at");--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_idx" ON "webhook_attempts" USING btree ("project_id","endpoint_id","started_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "event_fanout" ADD COLUMN "event_created_at" timestamp with time zone;--> statement-breakpoint
UPDATE "event_fanout" f SET "event_created_at" = e."created_at" FROM "events" e WHERE e."id" = f."event_id";--> statement-breakpoint
DELETE FROM "event_fanout" WHERE "event_created_at" IS NULL;--> statement-breakpoint
ALTER TABLE "event_fanout" ALTER COLUMN "event_created_at" SET NOT NULL;
