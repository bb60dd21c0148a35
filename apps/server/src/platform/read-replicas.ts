import type pg from 'pg';
import { startPeriodic } from './periodic';
import { setReplicaLag } from './process-metrics';

/**
 * Read replicas: streaming standbys that serve lists, exports, the dashboard,
 * search, request logs, the events list and the audit log, when they are fresh enough.
 *
 * Every POLL_MS this process reads the primary's WAL position and each replica's replay
 * position. A replica's lag is how long ago the primary first wrote something the replica has
 * not replayed yet (0 when it has replayed everything): a replica idle since an hour but caught
 * up is fresh, a paused one is as old as the first write it is missing. A replica more than
 * REPLICA_MAX_LAG_SECONDS behind, or not answering, is skipped until a later poll finds it
 * caught up again. Nothing waits on a replica: a pick uses the last poll only.
 */
export const POLL_MS = 200;

/** A replica must answer a poll within this, or it counts as down until it does. */
const POLL_TIMEOUT_MS = 500;

export interface ReplicaHandle<D> {
  /** `host:port/database` of its URL, never credentials: the metrics label. */
  name: string;
  db: D;
  /**
   * Its replay position as last polled, when picked: a read started after the pick sees at
   * least this much (read-your-writes compares a caller's write position with it).
   */
  replayed: bigint;
}

interface ReplicaState<D> extends ReplicaHandle<D> {
  pool: pg.Pool;
  /** One connection of its own for the poll: not counted as reads, never falls back. */
  probe: pg.Pool;
  up: boolean;
  lagSeconds: number;
}

export interface ReadReplicas<D> {
  /**
   * A replica to read from now, or undefined for the primary: fresh enough (lag at most the
   * limit), answering, and, when `mustSee` is given, past that WAL position (read-your-writes).
   * Replicas take turns.
   */
  pick(mustSee?: bigint): ReplicaHandle<D> | undefined;
  /** The state of each replica as last polled (tests, diagnostics). */
  status(): { name: string; up: boolean; lagSeconds: number; replayed: bigint }[];
  /** Polls at once (the loop polls every POLL_MS anyway); resolves when done. */
  poll(): Promise<void>;
  /** REPLICA_MAX_LAG_SECONDS: also how long a caller's write keeps its reads on the primary at most. */
  maxLagSeconds: number;
  close(): Promise<void>;
}

/** `16/B374D848` → bytes since 0/0. */
export function parseLsn(text: string): bigint {
  const [hi, lo] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

export function replicaName(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  work.catch(() => {});
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Errors of the replica rather than of the statement: the primary will answer instead. */
function isReplicaFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code ?? '';
  // Connection refused/reset/timed out, admin shutdown, cannot connect now, connection failure,
  // and "canceling statement due to conflict with recovery" (40001 on a standby).
  if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|EPIPE|57P0[1-3]|08\d{3}|40001)$/.test(code))
    return true;
  return /Connection terminated|timeout exceeded when trying to connect|connection error/i.test(
    error.message,
  );
}

export function startReadReplicas<D>(opts: {
  /** Runs `select pg_current_wal_lsn()` on the primary. */
  primary: pg.Pool;
  replicas: { name: string; pool: pg.Pool; probe: pg.Pool; db: D }[];
  maxLagSeconds: number;
}): ReadReplicas<D> {
  const { primary, maxLagSeconds } = opts;
  const states: ReplicaState<D>[] = opts.replicas.map((r) => ({
    ...r,
    up: false,
    replayed: 0n,
    lagSeconds: Number.POSITIVE_INFINITY,
  }));
  // The primary's WAL position over the last few lag limits, oldest first: a replica's lag is
  // the age of the first sample past what it replayed.
  const history: { at: number; lsn: bigint }[] = [];
  let timeline: string | undefined;
  const keepMs = (maxLagSeconds * 2 + 2) * 1000;
  // A replica that goes down between two polls must cost no request: a read it cannot answer
  // (refused, dropped, or cancelled by a recovery conflict) runs again on the primary, and the
  // replica is skipped until a poll finds it answering. Reads are safe to run twice.
  for (const state of states) {
    const onReplica = state.pool.query.bind(state.pool) as (...args: unknown[]) => Promise<unknown>;
    (state.pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args) =>
      onReplica(...args).catch((error: unknown) => {
        if (!isReplicaFailure(error)) throw error;
        state.up = false;
        state.lagSeconds = Number.POSITIVE_INFINITY;
        return (primary.query as unknown as (...a: unknown[]) => Promise<unknown>)(...args);
      });
  }
  let turn = 0;
  let running: Promise<void> | undefined;

  const pollOnce = async () => {
    const at = Date.now();
    try {
      const { rows } = await within(
        primary.query<{ lsn: string; timeline: string }>(
          'select pg_current_wal_lsn()::text as lsn, substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8) as timeline',
        ),
        POLL_TIMEOUT_MS,
      );
      // A new timeline is a new leader (a failover or switchover): positions the old one wrote
      // but never sent are gone for good, and a replica would seem to lag behind them until they
      // aged out. The history starts again from the new leader's first position.
      if (rows[0]!.timeline !== timeline) history.length = 0;
      timeline = rows[0]!.timeline;
      history.push({ at, lsn: parseLsn(rows[0]!.lsn) });
      while (history.length > 1 && history[0]!.at < at - keepMs) history.shift();
    } catch {
      // The primary did not answer: keep the last figures; reads go to the primary and fail there.
    }
    await Promise.all(
      states.map(async (state) => {
        try {
          const { rows } = await within(
            state.probe.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn'),
            POLL_TIMEOUT_MS,
          );
          // Null: not a standby (a primary named as replica is never behind itself).
          const replayed = rows[0]!.lsn === null ? (history.at(-1)?.lsn ?? 0n) : parseLsn(rows[0]!.lsn);
          state.replayed = replayed;
          state.up = true;
          const missing = history.find((sample) => sample.lsn > replayed);
          const caughtUpOnce = history.some((sample) => sample.lsn <= replayed);
          state.lagSeconds = !missing
            ? 0
            : caughtUpOnce
              ? (Date.now() - missing.at) / 1000
              : // Behind every sample kept: at least that far behind.
                Math.max((Date.now() - history[0]!.at) / 1000, keepMs / 1000);
        } catch {
          state.up = false;
          state.lagSeconds = Number.POSITIVE_INFINITY;
        }
        setReplicaLag(state.name, state.lagSeconds);
      }),
    );
  };
  const poll = () => {
    running ??= pollOnce().finally(() => {
      running = undefined;
    });
    return running;
  };
  // A poll catches its own failures (a silent replica is marked down), so no log.
  const stopPolling = startPeriodic({
    name: 'replica-lag-poll',
    everyMs: POLL_MS,
    firstAfterMs: 0,
    jitter: 0,
    run: poll,
  });

  return {
    maxLagSeconds,
    pick(mustSee) {
      for (let i = 0; i < states.length; i++) {
        const state = states[(turn + i) % states.length]!;
        if (!state.up || state.lagSeconds > maxLagSeconds) continue;
        if (mustSee !== undefined && state.replayed < mustSee) continue;
        turn = (turn + i + 1) % states.length;
        return { name: state.name, db: state.db, replayed: state.replayed };
      }
      return undefined;
    },
    status: () => states.map(({ name, up, lagSeconds, replayed }) => ({ name, up, lagSeconds, replayed })),
    poll,
    async close() {
      await stopPolling();
      await running?.catch(() => {});
      await Promise.all(states.flatMap((s) => [s.pool.end().catch(() => {}), s.probe.end().catch(() => {})]));
    },
  };
}
