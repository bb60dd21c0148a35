import { randomBytes } from 'node:crypto';
import { webhookOutboundPolicy } from '../domain/webhooks/outbound-policy';
import { BUS_CHANNELS } from '../platform/bus';
import { coalescedPublisher } from '../platform/coalesced-publisher';
import type { AppContext } from '../platform/context';
import { guardedAgent } from '../platform/http/guarded-agent';
import type { OutboundPolicy } from '../platform/http/outbound-guard';
import { AttemptRecorder } from './webhook-dispatch/attempt-recorder';
import { DispatchLoop } from './webhook-dispatch/dispatch-loop';
import { EndpointBudget } from './webhook-dispatch/endpoint-budget';

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
/** Live screens hear of a busy endpoint's deliveries at most this often. */
const HINT_WINDOW_MS = 250;

/**
 * The webhook dispatcher: outbox → deliveries (fan-out) → leased claims → signed
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
 *
 * The stages live in `webhook-dispatch/`: the endpoint budget (who holds what, answer times,
 * room), the attempt recorder (finished sends, written in batches) and the dispatch loop
 * (fill, pump, send), after Svix's worker.rs.
 */
export function createWebhookDispatcher(
  ctx: AppContext,
  opts: WebhookDispatcherOptions = {},
): WebhookDispatcher {
  const owner = `dsp_${randomBytes(9).toString('base64url')}`;
  const concurrency = opts.concurrency ?? 64;
  const perEndpoint = opts.perEndpoint ?? 16;
  const tuning = TUNING[ctx.database.kind];
  const leaseMs = opts.leaseMs ?? ctx.config.webhooks.leaseSeconds * 1000;
  const logError = (error: unknown, what: string) => opts.log?.error({ err: error }, what);
  const hints = coalescedPublisher(ctx.database.bus, BUS_CHANNELS.deliveries, {
    windowMs: HINT_WINDOW_MS,
    merge: (a) => ({ ...a, id: null }),
  });
  const budget = new EndpointBudget({
    total: concurrency * tuning.maxRounds,
    perEndpoint,
    maxRounds: tuning.maxRounds,
    leaseMs,
  });
  const recorder = new AttemptRecorder({
    ctx,
    owner,
    batch: tuning.record,
    minBatch: tuning.recordMin,
    delayMs: tuning.recordDelayMs,
    maxUnrecorded: Math.max(tuning.record * 2, concurrency * 4),
    hints,
    // A recorded batch frees room for more sends.
    onBatchDone: () => loop.pump(),
    logError,
  });
  const loop = new DispatchLoop({
    ctx,
    owner,
    budget,
    recorder,
    concurrency,
    leaseMs,
    pollMs: opts.pollMs ?? 1000,
    claimBatch: tuning.claim,
    fanOutBatch: tuning.fanOut,
    newAgent: () =>
      guardedAgent(
        { ...webhookOutboundPolicy(ctx.config), ...(opts.lookup ? { lookup: opts.lookup } : {}) },
        { connections: perEndpoint },
      ),
    flushHints: () => hints.flush(),
    logError,
  });
  return {
    owner,
    start: () => loop.start(),
    stop: () => loop.stop(),
    drain: () => loop.drain(),
  };
}
