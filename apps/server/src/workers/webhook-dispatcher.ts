import { randomBytes } from 'node:crypto';
import type { Dispatcher } from 'undici';
import { type AttemptResult, sendAttempt } from '../domain/webhooks/attempt-delivery';
import { claimDueDeliveries, releaseClaims, releaseForeignClaims } from '../domain/webhooks/claims';
import { fanOutEvents } from '../domain/webhooks/fan-out';
import type { LeasedDelivery } from '../domain/webhooks/leased-delivery';
import { webhookOutboundPolicy } from '../domain/webhooks/outbound-policy';
import { recordAttempts } from '../domain/webhooks/record-attempts';
import { BUS_CHANNELS } from '../platform/bus';
import { coalescedPublisher } from '../platform/coalesced-publisher';
import type { AppContext } from '../platform/context';
import { guardedAgent } from '../platform/http/guarded-agent';
import type { OutboundPolicy } from '../platform/http/outbound-guard';

export interface WebhookDispatcherOptions {
  /** Sends in flight at once on this replica. */
  concurrency?: number;
  /** Sends in flight at once to one endpoint, so one slow receiver cannot starve the others. */
  perEndpoint?: number;
  /** How long a claim is held; a crashed sender's claims are due again after it. */
  leaseMs?: number;
  /** Safety net for missed wake-ups and for retries coming due. */
  pollMs?: number;
  /** Overrides the SSRF policy's name resolution (tests play DNS rebinding). */
  lookup?: OutboundPolicy['lookup'];
  log?: { error: (o: object, m: string) => void };
}

export interface WebhookDispatcher {
  readonly owner: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Fans out and sends everything due now, and waits until it is recorded (tests with a moved clock). */
  drain(): Promise<void>;
}

const liveOwners = new Set<string>();
/**
 * Batch sizes. On PostgreSQL big batches mean few statements (each one's round trip and the
 * wake-up of a server process cost more than its rows). PGlite runs each statement on this
 * very thread, which sends nothing meanwhile, so there batches stay small enough (a few
 * milliseconds each) not to stall the sends.
 */
const TUNING = {
  postgres: { fanOut: 500, claim: 500, recordMin: 100, record: 500, recordDelayMs: 20, maxRounds: 16 },
  pglite: { fanOut: 100, claim: 100, recordMin: 50, record: 100, recordDelayMs: 10, maxRounds: 4 },
};
/**
 * Rounds of sends held leased per endpoint (queued or in flight), so the next rounds are
 * ready while one is in flight: up to `maxRounds` for an endpoint that answers fast, down to
 * 2 for a slow one, whose queued deliveries would otherwise wait out their lease.
 */
const MIN_ROUNDS = 2;
/** Live screens hear of a busy endpoint's deliveries at most this often. */
const HINT_WINDOW_MS = 250;

/**
 * The webhook dispatcher (issue 8): outbox → deliveries (fan-out) → leased claims → signed
 * POSTs → recorded attempts. Claims use `FOR UPDATE SKIP LOCKED` with a lease rather than a
 * job queue: the deliveries table already is the queue the console lists and filters, so one
 * row per delivery carries both its history and its schedule, and no second copy can drift.
 *
 * The three stages overlap. A local queue of leased deliveries (a few rounds of sends per
 * endpoint, fewer for slow ones) is refilled while sends are in flight; a finished send frees
 * its slot at once and its result joins the next recording batch, its lease still held so no
 * other sender can take it until it is recorded. New events' deliveries are born leased to the
 * sender that fans them out, so the usual path is one fan-out statement (a few hundred events),
 * one POST each, one recording statement (a hundred or more attempts).
 */
export function createWebhookDispatcher(
  ctx: AppContext,
  opts: WebhookDispatcherOptions = {},
): WebhookDispatcher {
  const db = ctx.database.queueDb;
  const owner = `dsp_${randomBytes(9).toString('base64url')}`;
  const concurrency = opts.concurrency ?? 64;
  const perEndpoint = opts.perEndpoint ?? 16;
  /** Leased deliveries queued or in flight in all. */
  const tuning = TUNING[ctx.database.kind];
  const held = concurrency * tuning.maxRounds;
  /** Sent but not yet recorded: past this, sends wait for the recorder (backpressure). */
  const maxUnrecorded = Math.max(tuning.record * 2, concurrency * 4);
  const leaseMs = opts.leaseMs ?? ctx.config.webhooks.leaseSeconds * 1000;
  const pollMs = opts.pollMs ?? 1000;
  const newAgent = (): Dispatcher =>
    guardedAgent(
      { ...webhookOutboundPolicy(ctx.config), ...(opts.lookup ? { lookup: opts.lookup } : {}) },
      { connections: perEndpoint },
    );
  // Made anew after a stop (which closes it), so a dispatcher can be started again.
  let agent = newAgent();

  const hints = coalescedPublisher(ctx.database.bus, BUS_CHANNELS.deliveries, {
    windowMs: HINT_WINDOW_MS,
    merge: (a) => ({ ...a, id: null }),
  });

  const queue: LeasedDelivery[] = [];
  const inFlight = new Set<Promise<void>>();
  /** Per endpoint: leased deliveries queued or in flight here, and those in flight. */
  const heldBy = new Map<string, number>();
  const sendingTo = new Map<string, number>();
  const finished: AttemptResult[] = [];
  /** Dropped from the queue with too little lease left: given back on the next fill. */
  const dropped: string[] = [];
  let recordTimer: NodeJS.Timeout | undefined;
  let unrecorded = 0;
  let fanOutDue = true;
  let claimDue = true;
  /** A claim skipped endpoints at their limit here: claim again once a recorded attempt frees room. */
  let claimWhenFreed = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  const logError = (error: unknown, what: string) => opts.log?.error({ err: error }, what);
  const bump = (m: Map<string, number>, key: string, by: number) => {
    const n = (m.get(key) ?? 0) + by;
    if (n <= 0) m.delete(key);
    else m.set(key, n);
  };
  const roomHere = () => held - queue.length - inFlight.size;
  /** Each endpoint's recent answer time (exponentially weighted), which sets how much it may hold. */
  const answerMs = new Map<string, number>();
  const depthFor = (endpointId: string) => {
    const ms = answerMs.get(endpointId);
    if (ms === undefined) return perEndpoint * MIN_ROUNDS;
    // Queued work for this endpoint should take at most a quarter of the lease to start.
    const rounds = Math.floor(leaseMs / 4 / Math.max(ms, 1));
    return perEndpoint * Math.min(tuning.maxRounds, Math.max(MIN_ROUNDS, rounds));
  };
  const roomFor = (endpointId: string) => depthFor(endpointId) - (heldBy.get(endpointId) ?? 0);
  const roomByEndpoint = () => {
    const room = new Map<string, number>();
    for (const id of new Set([...answerMs.keys(), ...heldBy.keys()])) room.set(id, Math.max(0, roomFor(id)));
    return room;
  };
  const noteAnswer = (endpointId: string, ms: number) => {
    const before = answerMs.get(endpointId);
    if (before === undefined && answerMs.size >= 10_000) answerMs.clear();
    answerMs.set(endpointId, before === undefined ? ms : before * 0.9 + ms * 0.1);
  };
  const hold = (d: LeasedDelivery) => {
    queue.push(d);
    bump(heldBy, d.endpointId, 1);
  };

  // --- recording: one statement per batch of finished sends, one batch at a time ---------
  let recording: Promise<void> | null = null;
  /** Records what has finished: one batch, then more while full ones are waiting. */
  const record = (): Promise<void> => {
    if (recording) return recording;
    // Nothing to write: never start an empty pass (it would finish before being stored).
    if (finished.length === 0) return Promise.resolve();
    recording = (async () => {
      try {
        do {
          const batch = finished.splice(0, tuning.record);
          try {
            for (const hint of await recordAttempts(ctx, owner, batch)) hints.publish(hint.webhook_id, hint);
          } catch (error) {
            // Not recorded: the leases run out and the deliveries are sent again (at least once).
            logError(error, 'recording webhook attempts failed');
          } finally {
            unrecorded -= batch.length;
          }
          pump();
        } while (finished.length >= tuning.recordMin);
      } finally {
        recording = null;
        if (finished.length > 0) scheduleRecord();
      }
    })();
    return recording;
  };
  /** Records once a batch's worth of sends have finished, or a few milliseconds after the first. */
  function scheduleRecord() {
    if (finished.length >= tuning.recordMin) void record();
    else
      recordTimer ??= setTimeout(() => {
        recordTimer = undefined;
        void record();
      }, tuning.recordDelayMs);
  }
  /** Until everything finished is recorded. */
  const recordAll = async () => {
    while (finished.length > 0 || recording) await record();
  };

  // --- sending: start queued deliveries while slots are free --------------------------------
  function pump() {
    const now = ctx.now().getTime();
    let i = 0;
    while (i < queue.length && inFlight.size < concurrency && unrecorded < maxUnrecorded) {
      const d = queue[i]!;
      if (d.leaseUntil.getTime() - now < leaseMs / 2) {
        // Held too long behind a slow endpoint: given back, to be claimed again.
        queue.splice(i, 1);
        bump(heldBy, d.endpointId, -1);
        dropped.push(d.id);
        continue;
      }
      if ((sendingTo.get(d.endpointId) ?? 0) >= perEndpoint) {
        i++;
        continue;
      }
      queue.splice(i, 1);
      send(d);
    }
    if (!stopped && roomHere() >= held / 4) void fill();
  }

  function send(d: LeasedDelivery) {
    bump(sendingTo, d.endpointId, 1);
    unrecorded++;
    const p: Promise<void> = sendAttempt(ctx, agent, d).then(
      (result) => {
        noteAnswer(d.endpointId, result.durationMs);
        finished.push(result);
      },
      (error) => {
        // Not sent (e.g. a secret that cannot be opened): the lease runs out and it is retried.
        unrecorded--;
        logError(error, 'webhook attempt failed');
      },
    );
    inFlight.add(p);
    void p.finally(() => {
      inFlight.delete(p);
      bump(sendingTo, d.endpointId, -1);
      bump(heldBy, d.endpointId, -1);
      if (claimWhenFreed) {
        claimWhenFreed = false;
        claimDue = true;
      }
      scheduleRecord();
      pump();
    });
  }

  // --- filling: fan out new events and claim due deliveries, up to what this sender holds ---
  let filling: Promise<boolean> | null = null;
  let fillAgain = false;
  const fill = (): Promise<boolean> => {
    if (filling) {
      fillAgain = true;
      return filling;
    }
    filling = (async () => {
      let did = false;
      try {
        do {
          fillAgain = false;
          did = (await fillOnce()) || did;
        } while (fillAgain && roomHere() > 0);
      } catch (error) {
        logError(error, 'webhook dispatch failed');
      } finally {
        filling = null;
      }
      return did;
    })();
    return filling;
  };

  /** One round of fan-out and claims. Returns whether anything was fanned out or claimed. */
  const fillOnce = async (): Promise<boolean> => {
    let did = false;
    if (dropped.length) {
      await releaseClaims(db, owner, dropped.splice(0));
      claimDue = true;
    }
    // Due deliveries first (retries, and new ones another pass had no room for), then new events.
    while (claimDue && roomHere() > 0) {
      claimDue = false;
      const busy = [...heldBy.keys()].filter((id) => roomFor(id) <= 0);
      const now = ctx.now();
      const limit = Math.min(roomHere(), tuning.claim);
      const claimed = await claimDueDeliveries(db, {
        owner,
        now,
        leaseUntil: new Date(now.getTime() + leaseMs),
        limit,
        busy,
        endpointRoom: roomByEndpoint(),
        defaultRoom: perEndpoint * MIN_ROUNDS,
      });
      for (const d of claimed) hold(d);
      if (claimed.length > 0) did = true;
      // More may be due: at once if the batch was full, else when an endpoint at its limit here frees room.
      if (claimed.length === limit) claimDue = true;
      else if (busy.length > 0 || claimed.some((d) => roomFor(d.endpointId) <= 0)) claimWhenFreed = true;
      pump();
    }
    // New events only with room for a good batch: small fan-outs would leave most new
    // deliveries unleased, to be claimed one more statement later.
    while (fanOutDue && roomHere() >= held / 4) {
      fanOutDue = false;
      const now = ctx.now();
      const room = roomHere();
      const fanned = await fanOutEvents(db, {
        now,
        batch: Math.min(tuning.fanOut, room),
        owner,
        leaseUntil: new Date(now.getTime() + leaseMs),
        room,
        endpointRoom: roomByEndpoint(),
        defaultRoom: perEndpoint * MIN_ROUNDS,
      });
      for (const d of fanned.leased) hold(d);
      if (fanned.events > 0) did = true;
      if (fanned.events === fanned.batch) fanOutDue = true;
      // Deliveries left unleased (no room here) are due for any sender, this one included.
      if (fanned.deliveries > fanned.leased.length) claimDue = true;
      pump();
    }
    return did;
  };

  return {
    owner,
    async start() {
      if (!stopped) return;
      stopped = false;
      liveOwners.add(owner);
      if (ctx.database.kind === 'pglite') await releaseForeignClaims(db, [...liveOwners]);
      unsubscribe = ctx.database.bus.subscribe(BUS_CHANNELS.events, () => {
        fanOutDue = true;
        claimDue = true;
        void fill();
      });
      const loop = () => {
        timer = setTimeout(async () => {
          fanOutDue = true;
          claimDue = true;
          await fill();
          if (!stopped) loop();
        }, pollMs);
        timer.unref();
      };
      loop();
      void fill();
    },
    async stop() {
      stopped = true;
      liveOwners.delete(owner);
      if (timer) clearTimeout(timer);
      unsubscribe?.();
      await filling;
      for (const d of queue.splice(0)) bump(heldBy, d.endpointId, -1);
      await Promise.allSettled([...inFlight]);
      clearTimeout(recordTimer);
      await recordAll();
      await releaseClaims(db, owner).catch(() => {});
      hints.flush();
      await agent.close().catch(() => {});
      agent = newAgent();
    },
    async drain() {
      for (let i = 0; i < 10_000; i++) {
        fanOutDue = true;
        claimDue = true;
        const did = await fill();
        pump();
        if (!did && queue.length === 0 && inFlight.size === 0) break;
        while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
        await recordAll();
      }
      await recordAll();
    },
  };
}
