-- Issue 27 §5: the dashboard's takings per cashier now come from "cashier_rollups", kept by the
-- rollup job as "dashboard_rollups" is. Filled here from the raw rows, set-based, for every
-- project the job already buckets ("rollup_state"): hours on the project's shifted origin (as
-- bucketOf('hour') does), then its local days summed from the hours (as a rebuild does).
INSERT INTO "cashier_rollups" ("project_id", "grain", "terminal_id", "currency", "bucket_start", "test",
  "cashier_id", "payments_count", "gross", "tips", "last_name", "last_at")
SELECT x.project_id, 'hour', CASE WHEN grouping(x.terminal_id) = 1 THEN '' ELSE x.terminal_id END,
  x.currency, x.bs, x.test, coalesce(x.cashier_id, ''), count(*), sum(x.amount + x.tip_amount), sum(x.tip_amount),
  (array_agg(x.cashier_name ORDER BY x.created_at DESC, x.id DESC))[1], max(x.created_at)
FROM (
  SELECT t.project_id,
    date_bin('1 hour', t.created_at, '2000-01-01T00:00:00Z'::timestamptz + make_interval(mins => s.origin_minutes)) AS bs,
    t.id, t.terminal_id, t.currency, t.source = 'cli' AS test, t.cashier_id, t.cashier_name, t.amount,
    t.tip_amount, t.created_at
  FROM "transactions" t JOIN "rollup_state" s ON s.project_id = t.project_id
  WHERE t.status IN ('succeeded', 'partially_refunded', 'refunded')
) x
GROUP BY GROUPING SETS ((x.project_id, x.bs, x.terminal_id, x.currency, x.test, x.cashier_id),
  (x.project_id, x.bs, x.currency, x.test, x.cashier_id));
--> statement-breakpoint
INSERT INTO "cashier_rollups" ("project_id", "grain", "terminal_id", "currency", "bucket_start", "test",
  "cashier_id", "payments_count", "gross", "tips", "last_name", "last_at")
SELECT h.project_id, 'day', h.terminal_id, h.currency, h.b, h.test, h.cashier_id, sum(h.payments_count),
  sum(h.gross), sum(h.tips), (array_agg(h.last_name ORDER BY h.last_at DESC))[1], max(h.last_at)
FROM (
  SELECT c.project_id, c.terminal_id, c.currency, c.test, c.cashier_id, c.payments_count, c.gross, c.tips,
    c.last_name, c.last_at, (date_trunc('day', c.bucket_start AT TIME ZONE s.time_zone) AT TIME ZONE s.time_zone) AS b
  FROM "cashier_rollups" c JOIN "rollup_state" s ON s.project_id = c.project_id
  WHERE c.grain = 'hour'
) h
GROUP BY h.project_id, h.terminal_id, h.currency, h.b, h.test, h.cashier_id;
