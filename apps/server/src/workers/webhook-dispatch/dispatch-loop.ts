import type { Dispatcher } from 'undici';
import { sendAttempt } from '../../domain/webhooks/attempt-delivery';
import { claimDueDeliveries, releaseClaims, releaseForeignClaims } from '../../domain/webhooks/claims';
import { fanOutEvents } from '../../domain/webhooks/fan-out';
import type { LeasedDelivery } from '../../domain/webhooks/leased-delivery';
import { BUS_CHANNELS } from '../../platform/bus';
import type { AppContext } from '../../platform/context';
import { startPeriodic } from '../../platform/periodic';
import type { AttemptRecorder } from './attempt-recorder';
import type { EndpointBudget } from './endpoint-budget';

export interface DispatchLoopOptions {
  ctx: AppContext;
  owner: string;
  budget: EndpointBudget;
  recorder: AttemptRecorder;
  /** Sends in flight at once on this replica. */
  concurrency: number;
  leaseMs: number;
  pollMs: number;
  /** Rows per claim and events per fan-out statement. */
  claimBatch: number;
  fanOutBatch: number;
  /** The guarded HTTP agent; made anew after a stop (which closes it). */
  newAgent: () => Dispatcher;
  /** Sends pending change-bus hints on stop. */
  flushHints: () => void;
  logError: (error: unknown, what: string) => void;
}

/** What one claim statement did: how many it leased, and when to claim again. */
export interface ClaimOutcome {
  claimed: number;
  /** `now`: the batch was full, more may be due; `when-freed`: an endpoint at its limit here held some back. */
  again: 'now' | 'when-freed' | 'no';
}

/** What one fan-out statement did. */
export interface FanOutOutcome {
  events: number;
  /** The batch was full: more events may be waiting. */
  moreEvents: boolean;
  /** Deliveries left unleased (no room here), due for any sender to claim, this one included. */
  leftUnleased: boolean;
}

// Senders of this process, so a start on PGlite (one process owns the database) can free the
// claims of senders that are gone.
const liveOwners = new Set<string>();

/**
 * The dispatch loop: named stages over the endpoint budget and the attempt recorder.
 * - fill: give back what waited too long, claim due deliveries, fan out new events (each a
 *   statement with a typed outcome that says what is due next);
 * - pump: start queued deliveries while slots are free (per replica, per endpoint, and while
 *   the recorder keeps up);
 * - send: one signed POST, its answer handed to the recorder.
 */
export class DispatchLoop {
  readonly owner: string;
  private readonly opts: DispatchLoopOptions;
  private readonly budget: EndpointBudget;
  private readonly recorder: AttemptRecorder;
  private agent: Dispatcher;
  /** Leased deliveries waiting for a slot, in claim order. */
  private readonly queue: LeasedDelivery[] = [];
  /** Dropped from the queue with too little lease left: given back on the next fill. */
  private readonly dropped: string[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  /** What the next fill should do; a claim skipped endpoints at their limit: claim again once a send frees room. */
  private readonly due = { fanOut: true, claim: true, claimWhenFreed: false };
  private filling: Promise<boolean> | null = null;
  private fillAgain = false;
  private stopped = true;
  private stopPolling: (() => Promise<void>) | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(opts: DispatchLoopOptions) {
    this.opts = opts;
    this.owner = opts.owner;
    this.budget = opts.budget;
    this.recorder = opts.recorder;
    this.agent = opts.newAgent();
  }

  async start() {
    if (!this.stopped) return;
    this.stopped = false;
    const { ctx } = this.opts;
    liveOwners.add(this.owner);
    if (ctx.database.kind === 'pglite') await releaseForeignClaims(ctx.database.queueDb, [...liveOwners]);
    this.unsubscribe = ctx.database.bus.subscribe(BUS_CHANNELS.events, () => {
      this.dueAll();
      void this.fill();
    });
    // The bus wakes the loop at once; the poll catches what a lost hint or a retry coming due left.
    this.stopPolling = startPeriodic({
      name: 'webhook-dispatch-poll',
      everyMs: this.opts.pollMs,
      jitter: 0,
      log: { error: ({ err }, msg) => this.opts.logError(err, msg) },
      run: async () => {
        this.dueAll();
        await this.fill();
      },
    });
    void this.fill();
  }

  async stop() {
    this.stopped = true;
    liveOwners.delete(this.owner);
    const polling = this.stopPolling?.();
    this.unsubscribe?.();
    await polling;
    await this.filling;
    for (const d of this.queue.splice(0)) this.budget.release(d.endpointId);
    await Promise.allSettled([...this.inFlight]);
    this.recorder.cancelScheduled();
    await this.recorder.recordAll();
    await releaseClaims(this.opts.ctx.database.queueDb, this.owner).catch(() => {});
    this.opts.flushHints();
    await this.agent.close().catch(() => {});
    this.agent = this.opts.newAgent();
  }

  /** Fans out and sends everything due now, and waits until it is recorded (tests with a moved clock). */
  async drain() {
    for (let i = 0; i < 10_000; i++) {
      this.dueAll();
      const did = await this.fill();
      this.pump();
      if (!did && this.queue.length === 0 && this.inFlight.size === 0) break;
      while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
      await this.recorder.recordAll();
    }
    await this.recorder.recordAll();
  }

  /** Starts queued deliveries while slots are free; refills when a quarter of the room is free. */
  pump() {
    const now = this.opts.ctx.now().getTime();
    let i = 0;
    while (i < this.queue.length && this.inFlight.size < this.opts.concurrency && this.recorder.hasRoom()) {
      const d = this.queue[i]!;
      if (d.leaseUntil.getTime() - now < this.opts.leaseMs / 2) {
        // Held too long behind a slow endpoint: given back, to be claimed again.
        this.queue.splice(i, 1);
        this.budget.release(d.endpointId);
        this.dropped.push(d.id);
        continue;
      }
      if (!this.budget.maySendTo(d.endpointId)) {
        i++;
        continue;
      }
      this.queue.splice(i, 1);
      this.send(d);
    }
    if (!this.stopped && this.budget.roomForABatch()) void this.fill();
  }

  private dueAll() {
    this.due.fanOut = true;
    this.due.claim = true;
  }

  private hold(d: LeasedDelivery) {
    this.queue.push(d);
    this.budget.hold(d.endpointId);
  }

  private send(d: LeasedDelivery) {
    this.budget.sendStarted(d.endpointId);
    this.recorder.sendStarted();
    const p: Promise<void> = sendAttempt(this.opts.ctx, this.agent, d).then(
      (result) => {
        this.budget.noteAnswer(d.endpointId, result.durationMs);
        this.recorder.sendFinished(result);
      },
      (error) => {
        // Not sent (e.g. a secret that cannot be opened): the lease runs out and it is retried.
        this.recorder.sendAbandoned();
        this.opts.logError(error, 'webhook attempt failed');
      },
    );
    this.inFlight.add(p);
    void p.finally(() => {
      this.inFlight.delete(p);
      this.budget.sendEnded(d.endpointId);
      // Its lease stays held until recorded, but it no longer counts against the endpoint here.
      this.budget.release(d.endpointId);
      if (this.due.claimWhenFreed) {
        this.due.claimWhenFreed = false;
        this.due.claim = true;
      }
      this.recorder.schedule();
      this.pump();
    });
  }

  /** Fills until nothing more is due or there is no room; one fill at a time, others join it. */
  private fill(): Promise<boolean> {
    if (this.filling) {
      this.fillAgain = true;
      return this.filling;
    }
    this.filling = (async () => {
      let did = false;
      try {
        do {
          this.fillAgain = false;
          did = (await this.fillOnce()) || did;
        } while (this.fillAgain && this.budget.room() > 0);
      } catch (error) {
        this.opts.logError(error, 'webhook dispatch failed');
      } finally {
        this.filling = null;
      }
      return did;
    })();
    return this.filling;
  }

  /** One round of the stages. Returns whether anything was fanned out or claimed. */
  private async fillOnce(): Promise<boolean> {
    let did = false;
    if (this.dropped.length) {
      await releaseClaims(this.opts.ctx.database.queueDb, this.owner, this.dropped.splice(0));
      this.due.claim = true;
    }
    // Due deliveries first (retries, and new ones another pass had no room for), then new events.
    while (this.due.claim && this.budget.room() > 0) {
      this.due.claim = false;
      const outcome = await this.claimDue();
      if (outcome.claimed > 0) did = true;
      if (outcome.again === 'now') this.due.claim = true;
      else if (outcome.again === 'when-freed') this.due.claimWhenFreed = true;
      this.pump();
    }
    // New events only with room for a good batch: small fan-outs would leave most new
    // deliveries unleased, to be claimed one more statement later.
    while (this.due.fanOut && this.budget.roomForABatch()) {
      this.due.fanOut = false;
      const outcome = await this.fanOut();
      if (outcome.events > 0) did = true;
      if (outcome.moreEvents) this.due.fanOut = true;
      if (outcome.leftUnleased) this.due.claim = true;
      this.pump();
    }
    return did;
  }

  /** Claims due deliveries up to the room here, none for endpoints at their limit. */
  private async claimDue(): Promise<ClaimOutcome> {
    const busy = this.budget.busyEndpoints();
    const now = this.opts.ctx.now();
    const limit = Math.min(this.budget.room(), this.opts.claimBatch);
    const claimed = await claimDueDeliveries(this.opts.ctx.database.queueDb, {
      owner: this.owner,
      now,
      leaseUntil: new Date(now.getTime() + this.opts.leaseMs),
      limit,
      busy,
      ...this.budget.leaseRoom(),
    });
    for (const d of claimed) this.hold(d);
    // More may be due: at once if the batch was full, else when an endpoint at its limit here frees room.
    const again =
      claimed.length === limit
        ? 'now'
        : busy.length > 0 || claimed.some((d) => this.budget.roomFor(d.endpointId) <= 0)
          ? 'when-freed'
          : 'no';
    return { claimed: claimed.length, again };
  }

  /** Fans new events out to their endpoints; the deliveries this sender has room for are born leased to it. */
  private async fanOut(): Promise<FanOutOutcome> {
    const now = this.opts.ctx.now();
    const room = this.budget.room();
    const fanned = await fanOutEvents(this.opts.ctx.database.queueDb, {
      now,
      batch: Math.min(this.opts.fanOutBatch, room),
      owner: this.owner,
      leaseUntil: new Date(now.getTime() + this.opts.leaseMs),
      room,
      ...this.budget.leaseRoom(),
    });
    for (const d of fanned.leased) this.hold(d);
    return {
      events: fanned.events,
      moreEvents: fanned.events === fanned.batch,
      leftUnleased: fanned.deliveries > fanned.leased.length,
    };
  }
}
