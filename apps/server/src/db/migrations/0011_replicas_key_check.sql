CREATE TABLE "replicas" (
	"id" text PRIMARY KEY NOT NULL,
	"hostname" text NOT NULL,
	"key_source" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secrets_key_checks" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"check_value" text NOT NULL,
	"key_source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
