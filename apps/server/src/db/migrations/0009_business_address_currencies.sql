ALTER TABLE "businesses" ADD COLUMN "vat_id" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "allow_other_currencies" boolean DEFAULT false NOT NULL;