import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type pg from 'pg';

/**
 * Channels of the change bus. Every replica hears every message (PostgreSQL LISTEN/NOTIFY),
 * so a server-sent-event stream or a cache on one replica learns of a change made on another.
 * Payloads are small JSON strings (NOTIFY caps them at 8,000 bytes): ids, never whole rows.
 */
export const BUS_CHANNELS = {
  /** A transaction changed: `{project_id, id, status}`. */
  transactions: 'scanline_transactions',
  /** A terminal changed: `{project_id, id, status}`. */
  terminals: 'scanline_terminals',
  /** A delivery or webhook changed: `{project_id, webhook_id, id}`. */
  deliveries: 'scanline_deliveries',
  /** New outbox events are waiting: `{project_id}`. */
  events: 'scanline_events',
  /** Credentials changed (user disabled or signed out everywhere, key revoked): `{kind, id}`. */
  credentials: 'scanline_credentials',
  /** A project or its memberships changed (settings, deletion, roles, members): `{project_id}`. */
  projects: 'scanline_projects',
} as const;

export type BusChannel = (typeof BUS_CHANNELS)[keyof typeof BUS_CHANNELS];

export interface PublishOptions {
  /**
   * Resolve only once every replica listening now has handed the message to its listeners (at
   * most a second): each answers with an acknowledgement on the same channel, and the writer
   * counts them against the listening connections it saw when it sent. A revocation's writer
   * then answers after every cache already forgot, so the very next request anywhere is refused.
   */
  heard?: boolean;
}

/** Fields that carry an acknowledged message's id, and an acknowledgement; listeners never see them. */
const ASK_FIELD = '__ask';
const ACK_FIELD = '__ack';
const ACK_WAIT_MS = 1000;
/** The listening connections' application_name: how a writer counts the replicas that will answer. */
const LISTENER_NAME = 'scanline_bus';

export interface Bus {
  /**
   * Tells every replica (this one included). Call it after the change's database
   * transaction committed, so a listener that reads the row sees the change.
   */
  publish(channel: BusChannel, message: Record<string, unknown>, options?: PublishOptions): Promise<void>;
  /** Listens on this replica; returns the unsubscribe function. */
  subscribe(channel: BusChannel, listener: (message: Record<string, unknown>) => void): () => void;
  /**
   * Called when this replica may have missed messages (its LISTEN connection dropped, and
   * again once it listens anew): caches drop everything. Never called on the in-process bus.
   */
  onGap?(listener: () => void): () => void;
  close(): Promise<void>;
}

const parse = (raw: string | undefined): Record<string, unknown> | undefined => {
  try {
    const value = JSON.parse(raw ?? '');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** PGlite is one process: the bus is an in-process emitter. */
export function inProcessBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      // A listener's failure must not fail the write that already committed.
      queueMicrotask(() => emitter.emit(channel, message));
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * LISTEN on one dedicated connection per replica (re-established after a drop, with a short
 * back-off), NOTIFY through the pool. A message missed during a reconnect is not replayed:
 * listeners treat messages as hints and re-read the database (SSE streams re-read the row).
 */
export async function openPostgresBus(url: string, pool: pg.Pool): Promise<Bus> {
  const { Client } = (await import('pg')).default;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const channels = Object.values(BUS_CHANNELS);
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let ready: Promise<void> | undefined;
  let connectedOnce = false;
  const gaps = new EventEmitter();
  gaps.setMaxListeners(0);
  /** `heard` publishes waiting for acknowledgements: how many came, how many will, what to call then. */
  const awaitingAcks = new Map<string, { acked: number; expected: number; done: () => void }>();

  const connect = async () => {
    // A connect that hangs (a proxy waiting on a dead leader) gives up, and keep-alive notices a
    // peer that vanished, so the retry below runs instead of listening on nothing.
    const c = new Client({
      connectionString: url,
      connectionTimeoutMillis: 3_000,
      keepAlive: true,
      application_name: LISTENER_NAME,
    });
    c.on('error', () => {});
    c.on('end', () => {
      // Only the connection in use: a failed attempt is retried by `ensure`, and a second retry
      // from here would open a second listener, delivering every message twice.
      if (client !== c) return;
      client = undefined;
      if (!closed) {
        gaps.emit('gap');
        ready = undefined;
        retry = setTimeout(() => void ensure(), 1000);
        retry.unref();
      }
    });
    c.on('notification', (n) => {
      const message = parse(n.payload);
      if (!message) return;
      const ack = message[ACK_FIELD];
      if (typeof ack === 'string') {
        const waiting = awaitingAcks.get(ack);
        if (waiting && ++waiting.acked >= waiting.expected) waiting.done();
        return;
      }
      const ask = message[ASK_FIELD];
      delete message[ASK_FIELD];
      // Listeners (cache drops) run synchronously here, so the acknowledgement follows them.
      emitter.emit(n.channel, message);
      if (typeof ask === 'string')
        void pool
          .query('select pg_notify($1, $2)', [n.channel, JSON.stringify({ [ACK_FIELD]: ask })])
          .catch(() => {});
    });
    try {
      await c.connect();
      for (const channel of channels) await c.query(`listen ${channel}`);
    } catch (error) {
      // Connected but refused: LISTEN on a standby (the old leader during a failover) fails with
      // 25006. The connection would otherwise stay open, one more with each retry.
      await c.end().catch(() => {});
      throw error;
    }
    // Anything sent between the drop and now was missed.
    if (connectedOnce) gaps.emit('gap');
    connectedOnce = true;
    client = c;
  };
  const ensure = () => {
    ready ??= connect().catch(() => {
      ready = undefined;
      if (!closed) {
        retry = setTimeout(() => void ensure(), 1000);
        retry.unref();
      }
    });
    return ready;
  };

  // Listening before the first request, so no change made after start-up is missed.
  await ensure();
  return {
    async publish(channel, message, options) {
      if (!options?.heard) {
        await pool.query('select pg_notify($1, $2)', [channel, JSON.stringify(message)]);
        return;
      }
      const id = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      let done = () => {};
      const acknowledged = new Promise<void>((resolve) => {
        done = resolve;
        timer = setTimeout(resolve, ACK_WAIT_MS);
        timer.unref();
      });
      // Acknowledgements may come before the count returns: `expected` is unknown until then.
      const waiting = { acked: 0, expected: Number.POSITIVE_INFINITY, done };
      awaitingAcks.set(id, waiting);
      try {
        const { rows } = await pool.query<{ listeners: number }>(
          `select pg_notify($1, $2), (select count(*)::int from pg_stat_activity
             where datname = current_database() and application_name = $3) as listeners`,
          [channel, JSON.stringify({ ...message, [ASK_FIELD]: id }), LISTENER_NAME],
        );
        waiting.expected = rows[0]?.listeners ?? 0;
        if (waiting.acked >= waiting.expected) done();
        await acknowledged;
      } finally {
        clearTimeout(timer);
        awaitingAcks.delete(id);
      }
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    onGap(listener) {
      gaps.on('gap', listener);
      return () => gaps.off('gap', listener);
    },
    async close() {
      closed = true;
      gaps.removeAllListeners();
      if (retry) clearTimeout(retry);
      emitter.removeAllListeners();
      await client?.end().catch(() => {});
    },
  };
}
