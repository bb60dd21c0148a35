import { randomBytes } from 'node:crypto';
import type { Dispatcher } from 'undici';
import { attemptDelivery } from '../domain/webhooks/attempt-delivery';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  fanOutEvents,
  releaseClaims,
  releaseForeignClaims,
} from '../domain/webhooks/fan-out';
import { webhookOutboundPolicy } from '../domain/webhooks/outbound-policy';
import { BUS_CHANNELS } from '../platform/bus';
import type { AppContext } from '../platform/context';
import { guardedAgent, type OutboundPolicy } from '../platform/http/outbound-guard';

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
  /** Fans out and sends everything due now, and waits for it (tests with a moved clock). */
  drain(): Promise<void>;
}

const liveOwners = new Set<string>();

/**
 * The webhook dispatcher (issue 8): outbox → deliveries (fan-out) → leased claims → signed
 * POSTs. Claims use `FOR UPDATE SKIP LOCKED` with a lease rather than a job queue: the
 * deliveries table already is the queue the console lists and filters, so one row per
 * delivery carries both its history and its schedule, and no second copy can drift.
 */
export function createWebhookDispatcher(
  ctx: AppContext,
  opts: WebhookDispatcherOptions = {},
): WebhookDispatcher {
  const db = ctx.database.db;
  const owner = `dsp_${randomBytes(9).toString('base64url')}`;
  const concurrency = opts.concurrency ?? 64;
  const perEndpoint = opts.perEndpoint ?? 16;
  const leaseMs = opts.leaseMs ?? ctx.config.webhooks.leaseSeconds * 1000;
  const pollMs = opts.pollMs ?? 1000;
  const agent: Dispatcher = guardedAgent(
    { ...webhookOutboundPolicy(ctx.config), ...(opts.lookup ? { lookup: opts.lookup } : {}) },
    { connections: perEndpoint },
  );
  const inFlight = new Map<string, Promise<void>>();
  const perEndpointCount = new Map<string, number>();
  let ticking: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  const logError = (error: unknown, what: string) => opts.log?.error({ err: error }, what);

  const send = (claimed: ClaimedDelivery) => {
    perEndpointCount.set(claimed.endpointId, (perEndpointCount.get(claimed.endpointId) ?? 0) + 1);
    const p = attemptDelivery(ctx, agent, claimed, owner)
      .then(
        () => {},
        (error) => logError(error, 'webhook attempt failed'),
      )
      .finally(() => {
        inFlight.delete(claimed.id);
        const n = (perEndpointCount.get(claimed.endpointId) ?? 1) - 1;
        if (n <= 0) perEndpointCount.delete(claimed.endpointId);
        else perEndpointCount.set(claimed.endpointId, n);
        if (!stopped) void tick();
      });
    inFlight.set(claimed.id, p);
  };

  /** One pass: fan out new events, then claim and start sends up to the limits. Returns whether anything happened. */
  const pass = async (): Promise<boolean> => {
    let did = false;
    for (;;) {
      const fanned = await fanOutEvents(db, ctx.now());
      if (fanned.events === 0) break;
      did = true;
    }
    while (inFlight.size < concurrency) {
      const busy = [...perEndpointCount].filter(([, n]) => n >= perEndpoint).map(([id]) => id);
      const now = ctx.now();
      const claimed = await claimDueDeliveries(db, {
        owner,
        now,
        leaseUntil: new Date(now.getTime() + leaseMs),
        limit: Math.min(100, concurrency - inFlight.size),
        busy,
      });
      if (claimed.length === 0) break;
      did = true;
      const extra: string[] = [];
      for (const c of claimed) {
        if ((perEndpointCount.get(c.endpointId) ?? 0) >= perEndpoint) extra.push(c.id);
        else send(c);
      }
      if (extra.length) {
        await releaseClaims(db, owner, extra);
        break;
      }
    }
    return did;
  };

  const tick = (): Promise<void> => {
    if (ticking) {
      again = true;
      return ticking;
    }
    ticking = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again);
      } catch (error) {
        logError(error, 'webhook dispatch failed');
      } finally {
        ticking = null;
      }
    })();
    return ticking;
  };

  return {
    owner,
    async start() {
      if (!stopped) return;
      stopped = false;
      liveOwners.add(owner);
      if (ctx.database.kind === 'pglite') await releaseForeignClaims(db, [...liveOwners]);
      unsubscribe = ctx.database.bus.subscribe(BUS_CHANNELS.events, () => void tick());
      const loop = () => {
        timer = setTimeout(async () => {
          await tick();
          if (!stopped) loop();
        }, pollMs);
        timer.unref();
      };
      loop();
      void tick();
    },
    async stop() {
      stopped = true;
      liveOwners.delete(owner);
      if (timer) clearTimeout(timer);
      unsubscribe?.();
      await ticking;
      await Promise.allSettled([...inFlight.values()]);
      await releaseClaims(db, owner).catch(() => {});
      await agent.close().catch(() => {});
    },
    async drain() {
      for (let i = 0; i < 1000; i++) {
        await tick();
        const pending = [...inFlight.values()];
        if (pending.length === 0 && !(await pass())) return;
        await Promise.allSettled(pending);
      }
    },
  };
}
