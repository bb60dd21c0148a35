CREATE TABLE "line_items" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"position" integer NOT NULL,
	"item_id" text,
	"variant_id" text,
	"name" text NOT NULL,
	"category" text,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_price" bigint NOT NULL,
	"tax_rate" numeric(5, 2),
	"total" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_lines" (
	"refund_id" text NOT NULL,
	"line_item_id" text NOT NULL,
	"project_id" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"amount" bigint NOT NULL,
	"tax" bigint NOT NULL,
	CONSTRAINT "refund_lines_refund_id_line_item_id_pk" PRIMARY KEY("refund_id","line_item_id")
);
--> statement-breakpoint
ALTER TABLE "line_items" ADD CONSTRAINT "line_items_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_line_item_id_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_items_txn_idx" ON "line_items" USING btree ("transaction_id","position");--> statement-breakpoint
CREATE INDEX "line_items_project_item_idx" ON "line_items" USING btree ("project_id","item_id");--> statement-breakpoint
CREATE INDEX "refund_lines_line_idx" ON "refund_lines" USING btree ("line_item_id");