-- Issue 31 §6 and §13: the rollups gained declined attempts, rescued declines and a test split.
-- Forgetting the job's watermark makes its next pass recompute every bucket from the raw rows
-- (refreshRollups reads every change since the epoch); until then the old figures show.
DELETE FROM "rollup_watermark" WHERE "name" = 'dashboard';
