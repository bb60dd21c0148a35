import { sql } from 'drizzle-orm';
import type { requestLogs } from '../../db/schema';
import type { Db } from '../../platform/db';
import { startPeriodic } from '../../platform/periodic';

export type RequestLogRow = typeof requestLogs.$inferInsert;

/** A row as `json_populate_recordset` reads it: the table's column names. */
const asRecord = (r: RequestLogRow) => ({
  id: r.id,
  project_id: r.projectId ?? null,
  method: r.method,
  route: r.route ?? null,
  path: r.path,
  status: r.status,
  duration_ms: r.durationMs,
  key_id: r.keyId ?? null,
  key_prefix: r.keyPrefix ?? null,
  terminal_id: r.terminalId ?? null,
  ip: r.ip ?? null,
  request_id: r.requestId,
  idempotency_key: r.idempotencyKey ?? null,
  request_body: r.requestBody ?? null,
  response_body: r.responseBody ?? null,
  created_at: r.createdAt ?? null,
});

/**
 * One batch as one INSERT with one JSON parameter: a statement of 500 rows × 16 bound values
 * cost more to build and send than the requests it logs (the API-key read's profile).
 */
const insertBatch = (db: Db, batch: RequestLogRow[]) =>
  db.execute(sql`
    insert into request_logs (id, project_id, method, route, path, status, duration_ms, key_id, key_prefix,
      terminal_id, ip, request_id, idempotency_key, request_body, response_body, created_at)
    select id, project_id, method, route, path, status, duration_ms, key_id, key_prefix,
      terminal_id, ip, request_id, idempotency_key, request_body, response_body, coalesce(created_at, now())
    from json_populate_recordset(null::request_logs, ${JSON.stringify(batch.map(asRecord))}::json)`);

export interface RequestLogBufferOptions {
  /** Most rows held in memory; beyond it new rows are dropped and counted. */
  capacity?: number;
  /** Rows per INSERT. */
  batchSize?: number;
  flushEveryMs?: number;
}

/**
 * Request logs leave the hot path: the hook only appends to this buffer, a timer writes it in
 * batches. Bounded so a slow or down database costs memory up to `capacity`, never latency;
 * what does not fit is dropped and counted (`dropped`).
 */
export class RequestLogBuffer {
  private rows: RequestLogRow[] = [];
  private flushing: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  private readonly stopFlushing: () => Promise<void>;
  readonly capacity: number;
  readonly batchSize: number;
  dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
    opts: RequestLogBufferOptions = {},
  ) {
    this.capacity = opts.capacity ?? 10_000;
    this.batchSize = opts.batchSize ?? 500;
    // A flush reports its own failures (onError), so the runner is given no log.
    this.stopFlushing = startPeriodic({
      name: 'request-log-flush',
      everyMs: opts.flushEveryMs ?? 1000,
      jitter: 0,
      run: () => this.flush(),
    });
  }

  push(row: RequestLogRow) {
    if (this.rows.length >= this.capacity) {
      this.dropped++;
      return;
    }
    this.rows.push(row);
  }

  get pending() {
    return this.rows.length;
  }

  /**
   * Writes everything buffered so far. While a flush runs, callers share one follow-up run that
   * starts when it ends (it takes what arrived meanwhile).
   */
  flush(): Promise<void> {
    if (this.flushing) {
      this.next ??= this.flushing.then(() => {
        this.next = null;
        return this.flush();
      });
      return this.next;
    }
    this.flushing = this.drain().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /**
   * Only what was buffered when the flush began: rows that arrive meanwhile wait for the next
   * tick, so a steady stream of requests is written as one batch a second rather than as a
   * chain of small INSERTs back to back.
   */
  private async drain() {
    let left = this.rows.length;
    while (left > 0 && this.rows.length > 0) {
      const batch = this.rows.splice(0, Math.min(this.batchSize, left));
      left -= batch.length;
      try {
        await insertBatch(this.db, batch);
      } catch (error) {
        // A failed batch is dropped, not retried: logs must never pile up behind a sick database.
        this.dropped += batch.length;
        this.onError(error);
        return;
      }
    }
  }

  async close() {
    await this.stopFlushing();
    // Everything, including what arrived during a flush already running.
    while (this.rows.length > 0) await this.flush();
  }
}
