import net from 'node:net';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from './context';
import { parseCidrs } from './http/outbound-guard';
import { processRegistry } from './process-metrics';
import { rowsOf } from './sql-rows';

/** Query-backed gauges are read at most this often, whatever the scrape rate. */
const QUERY_EVERY_MS = 10_000;
const LOOPBACK = parseCidrs(['127.0.0.0/8', '::1/128']);

/**
 * `GET /metrics` in Prometheus text: process defaults, request durations by route
 * template (never raw paths or ids), webhook queue depth and age, terminals by status. Every
 * series carries an `instance` label so replicas add up. Loopback, METRICS_ALLOWED_CIDRS or
 * `Authorization: Bearer $METRICS_TOKEN` may read it; anyone else gets a 404 as if it did not exist.
 */
export function metricsPlugin(app: FastifyInstance, ctx: AppContext) {
  const registry = new Registry();
  const instance = `${os.hostname()}:${process.pid}`;
  registry.setDefaultLabels({ instance });
  processRegistry.setDefaultLabels({ instance });
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route template, method and status class.',
    labelNames: ['route', 'method', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    duration.observe(
      { route, method: request.method, status_class: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });

  // One read of the database for all query-backed gauges, shared by scrapes within 10 s.
  let cached: { at: number; read: Promise<QueueFigures> } | undefined;
  const figures = () => {
    const now = Date.now();
    if (!cached || now - cached.at >= QUERY_EVERY_MS) cached = { at: now, read: readFigures(ctx) };
    return cached.read;
  };
  new Gauge({
    name: 'scanline_webhook_deliveries_pending',
    help: 'Webhook deliveries waiting to be sent (all replicas).',
    registers: [registry],
    async collect() {
      this.set((await figures()).pending);
    },
  });
  new Gauge({
    name: 'scanline_webhook_deliveries_oldest_pending_age_seconds',
    help: 'Age of the oldest webhook delivery still waiting (all replicas).',
    registers: [registry],
    async collect() {
      this.set((await figures()).oldestAgeSeconds);
    },
  });
  new Gauge({
    name: 'scanline_outbox_lag_seconds',
    help: 'Age of the oldest event not yet turned into webhook deliveries (0 when none wait).',
    registers: [registry],
    async collect() {
      this.set((await figures()).outboxLagSeconds);
    },
  });
  const poolStats = ctx.database.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'scanline_db_pool_connections',
      help: "This process's PostgreSQL connections by pool and state: busy, idle, and requests waiting for one.",
      labelNames: ['pool', 'state'],
      registers: [registry],
      collect() {
        for (const p of poolStats()) {
          this.set({ pool: p.pool, state: 'busy' }, p.total - p.idle);
          this.set({ pool: p.pool, state: 'idle' }, p.idle);
          this.set({ pool: p.pool, state: 'waiting' }, p.waiting);
        }
      },
    });
  }
  new Gauge({
    name: 'scanline_terminals',
    help: 'Terminals by status (all projects).',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [status, n] of Object.entries((await figures()).terminals)) this.set({ status }, n);
    },
  });

  const allowed = parseCidrs(ctx.config.metrics.allowedCidrs);
  const mayRead = (request: FastifyRequest) => {
    const token = ctx.config.metrics.token;
    if (token && request.headers.authorization === `Bearer ${token}`) return true;
    const ip = request.socket.remoteAddress ?? request.ip;
    const type = net.isIPv4(ip) ? 'ipv4' : net.isIPv6(ip) ? 'ipv6' : null;
    if (!type) return false;
    const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
    const plainType = net.isIPv4(plain) ? 'ipv4' : type;
    return LOOPBACK.check(plain, plainType) || allowed.check(plain, plainType);
  };
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request)) {
      return reply.status(404).type('application/problem+json').send({
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        code: 'not_found',
        detail: 'There is nothing here.',
      });
    }
    const [own, shared] = await Promise.all([registry.metrics(), processRegistry.metrics()]);
    return reply.type(registry.contentType).send(`${own}\n${shared}`);
  });
  return registry;
}

interface QueueFigures {
  pending: number;
  oldestAgeSeconds: number;
  outboxLagSeconds: number;
  terminals: Record<string, number>;
}

async function readFigures(ctx: AppContext): Promise<QueueFigures> {
  const db = ctx.database.db;
  const [queue] = await rowsOf<{ pending: string; oldest: string | null }>(
    db,
    sql`select count(*) as pending, extract(epoch from (now() - min(created_at))) as oldest
        from webhook_deliveries where status = 'pending'`,
  );
  const [lag] = await rowsOf<{ lag: string | null }>(
    db,
    sql`select extract(epoch from (now() - e.created_at)) as lag
        from event_fanout f join events e on e.id = f.event_id and e.created_at = f.event_created_at
        order by f.seq limit 1`,
  );
  const byStatus = await rowsOf<{ status: string; n: string }>(
    db,
    sql`select status, count(*) as n from terminals group by status`,
  );
  const terminals: Record<string, number> = { unpaired: 0, online: 0, offline: 0, disabled: 0 };
  for (const r of byStatus) terminals[r.status] = Number(r.n);
  return {
    pending: Number(queue?.pending ?? 0),
    oldestAgeSeconds: Math.max(0, Number(queue?.oldest ?? 0)),
    outboxLagSeconds: Math.max(0, Number(lag?.lag ?? 0)),
    terminals,
  };
}
