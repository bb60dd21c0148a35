-- Issue 27 §5. A prefix filter compares (lower(reference) collate "C"); PostgreSQL keeps no
-- statistics for that expression (those of transactions_project_reference_search_idx are a
-- partial index's, which the planner does not use for the table), so every prefix looked as
-- selective as any other (0.5 % of the rows) and the planner chose blind between reading the
-- prefix's index and walking newest-first. Statistics on the expression itself (PostgreSQL 14+).
CREATE STATISTICS IF NOT EXISTS "transactions_reference_folded_stats" ON ((lower("reference") collate "C")) FROM "transactions";--> statement-breakpoint
ANALYZE "transactions";
