import type { AttemptResult } from '../../domain/webhooks/attempt-delivery';
import { type DeliveryHint, recordAttempts } from '../../domain/webhooks/record-attempts';
import type { AppContext } from '../../platform/context';

export interface AttemptRecorderOptions {
  ctx: AppContext;
  /** The sender whose leases the recorded deliveries are released from. */
  owner: string;
  /** Attempts per recording statement. */
  batch: number;
  /** Record at once from this many finished sends; fewer wait `delayMs` for company. */
  minBatch: number;
  delayMs: number;
  /** Sent but not yet recorded: past this, sends wait for the recorder (backpressure). */
  maxUnrecorded: number;
  /** Where live screens hear of recorded deliveries. */
  hints: { publish(key: string, message: DeliveryHint): void };
  /** After each batch, recorded or not: the loop may start more sends. */
  onBatchDone: () => void;
  logError: (error: unknown, what: string) => void;
}

/** One recording statement's outcome. */
export type BatchOutcome =
  | { kind: 'recorded'; attempts: number; hints: number }
  | { kind: 'failed'; attempts: number; error: unknown };

/**
 * The attempt recorder: finished sends wait here (their leases still held, so no other sender
 * takes them) and are written one batch per statement, one batch at a time.
 */
export class AttemptRecorder {
  private readonly opts: AttemptRecorderOptions;
  private readonly finished: AttemptResult[] = [];
  /** Sends started and not yet recorded (or given up). */
  private unrecorded = 0;
  private recording: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(opts: AttemptRecorderOptions) {
    this.opts = opts;
  }

  /** Whether another send may start, or the recorder must catch up first. */
  hasRoom(): boolean {
    return this.unrecorded < this.opts.maxUnrecorded;
  }

  /** A send started: its result is owed. */
  sendStarted() {
    this.unrecorded++;
  }

  /** A send's answer, for the next batch. */
  sendFinished(result: AttemptResult) {
    this.finished.push(result);
  }

  /** A send that got no answer to record (e.g. a secret that cannot be opened): its lease runs out and it is retried. */
  sendAbandoned() {
    this.unrecorded--;
  }

  /** Records once a batch's worth of sends have finished, or a few milliseconds after the first. */
  schedule() {
    if (this.finished.length >= this.opts.minBatch) void this.record();
    else
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        void this.record();
      }, this.opts.delayMs);
  }

  /** Records what has finished: one batch, then more while full ones are waiting. */
  record(): Promise<void> {
    if (this.recording) return this.recording;
    // Nothing to write: never start an empty pass (it would finish before being stored).
    if (this.finished.length === 0) return Promise.resolve();
    this.recording = (async () => {
      try {
        do {
          const outcome = await this.recordBatch(this.finished.splice(0, this.opts.batch));
          // Not recorded: the leases run out and the deliveries are sent again (at least once).
          if (outcome.kind === 'failed')
            this.opts.logError(outcome.error, 'recording webhook attempts failed');
          this.opts.onBatchDone();
        } while (this.finished.length >= this.opts.minBatch);
      } finally {
        this.recording = null;
        if (this.finished.length > 0) this.schedule();
      }
    })();
    return this.recording;
  }

  /** Until everything finished is recorded. */
  async recordAll() {
    while (this.finished.length > 0 || this.recording) await this.record();
  }

  /** Stops waiting for company (on stop: `recordAll` follows), so a restart schedules afresh. */
  cancelScheduled() {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async recordBatch(batch: AttemptResult[]): Promise<BatchOutcome> {
    try {
      const hints = await recordAttempts(this.opts.ctx, this.opts.owner, batch);
      for (const hint of hints) this.opts.hints.publish(hint.webhook_id, hint);
      return { kind: 'recorded', attempts: batch.length, hints: hints.length };
    } catch (error) {
      return { kind: 'failed', attempts: batch.length, error };
    } finally {
      this.unrecorded -= batch.length;
    }
  }
}
