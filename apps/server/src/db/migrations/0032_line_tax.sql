ALTER TABLE "transactions" ADD COLUMN "line_tax" bigint;--> statement-breakpoint
-- Baskets sold before this column: the sum of their lines' VAT (docs/guide/baskets.md).
UPDATE "transactions" t SET "line_tax" = l.tax
FROM (SELECT project_id, transaction_id, sum(tax) AS tax FROM "line_items" GROUP BY project_id, transaction_id) l
WHERE t.project_id = l.project_id AND t.id = l.transaction_id;
