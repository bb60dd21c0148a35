import { requestLogs } from '../../db/schema';
import type { Db } from '../../platform/db';

export type RequestLogRow = typeof requestLogs.$inferInsert;

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
  private readonly timer: NodeJS.Timeout;
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
    this.timer = setInterval(() => void this.flush(), opts.flushEveryMs ?? 1000);
    this.timer.unref();
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

  /** Writes everything buffered so far; concurrent calls share one run. */
  flush(): Promise<void> {
    if (!this.flushing) {
      this.flushing = this.drain().finally(() => {
        this.flushing = null;
      });
    }
    return this.flushing;
  }

  private async drain() {
    while (this.rows.length > 0) {
      const batch = this.rows.splice(0, this.batchSize);
      try {
        await this.db.insert(requestLogs).values(batch);
      } catch (error) {
        // A failed batch is dropped, not retried: logs must never pile up behind a sick database.
        this.dropped += batch.length;
        this.onError(error);
        return;
      }
    }
  }

  async close() {
    clearInterval(this.timer);
    await this.flush();
  }
}
