CREATE TABLE "caller_write_positions" (
	"caller" text PRIMARY KEY NOT NULL,
	"lsn" bigint NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL
);
