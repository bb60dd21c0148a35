CREATE TABLE "caller_write_positions" (
	"caller" text PRIMARY KEY NOT NULL,
	"lsn" bigint NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_logs" DROP CONSTRAINT "request_logs_pkey";--> statement-breakpoint
ALTER TABLE "request_logs" ADD CONSTRAINT "request_logs_id_created_at_pk" PRIMARY KEY("id","created_at");