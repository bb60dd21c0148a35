CREATE TABLE "tenders" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"tip_amount" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"cash_given" bigint,
	"change" bigint,
	"cashier_id" text,
	"succeeded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "amount_paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenders_transaction_idx" ON "tenders" USING btree ("project_id","transaction_id","created_at");