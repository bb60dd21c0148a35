import { eq, sql } from 'drizzle-orm';
import { projects } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { analyzeGrownTables } from '../../platform/planner-statistics';
import { rebuildProjectRollups } from '../dashboard/refresh-rollups';
import { batchesOf, planSlots } from './demo-history';

export interface DemoSeedOptions {
  terminals: number;
  days: number;
  transactions: number;
  now: Date;
  createdBy: string;
  random?: () => number;
  onProgress?: (message: string) => void;
}

const LABELS = [
  'Front counter',
  'Patio',
  'Drive-through',
  'Bar',
  'Pop-up stand',
  'Kiosk',
  'Terrace',
  'Market stall',
];
const BATCH = 100_000;
// Simulator-shaped outcomes: declines by reason, in the proportions card networks report.
const SUCCEEDED = 0.92;

/**
 * Fills a project with realistic history through the bulk path: multi-row
 * `INSERT … SELECT` from `generate_series`, ~100,000 payments per statement, random values drawn
 * in SQL, so it runs the same on PostgreSQL and PGlite. Each payment gets its status history
 * (the console's timeline) in the same batch. No events are written (a demo history
 * must not fire webhooks); the dashboard rollups are rebuilt at the end.
 */
export async function seedDemo(db: Db, projectId: string, opts: DemoSeedOptions) {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project || project.deletedAt) throw notFound('Project');
  const tz = project.timeZone;
  const currency = project.currency;
  const random = opts.random ?? Math.random;
  const now = opts.now;
  const nowIso = now.toISOString();

  const terminalIds: string[] = [];
  for (let i = 0; i < opts.terminals; i++) {
    const id = newId('trm');
    terminalIds.push(id);
    // A few terminals are offline now (one since this morning, one for days).
    const offline = i % 7 === 3;
    const seen = new Date(now.getTime() - (offline ? (i + 1) * 3 * 3600_000 : Math.floor(random() * 50_000)));
    const label = `${LABELS[i % LABELS.length]}${i >= LABELS.length ? ` ${Math.floor(i / LABELS.length) + 1}` : ''}`;
    await db.execute(sql`
      insert into terminals (id, project_id, label, kind, location, serial, status, device_model, app_version,
        battery, network, last_seen_at, paired_at, created_by, created_at, updated_at)
      values (${id}, ${projectId}, ${label}, ${i % 4 === 3 ? 'virtual' : 'physical'}, ${`Store ${1 + (i % 3)}`},
        ${`SN-${String(100000 + i * 7919).slice(-6)}`}, ${offline ? 'offline' : 'online'},
        ${i % 4 === 3 ? 'Web terminal' : 'Scanline T2'}, '1.4.2', ${40 + Math.floor(random() * 60)},
        ${i % 2 ? 'wifi' : 'ethernet'}, ${seen.toISOString()}::timestamptz,
        ${new Date(now.getTime() - (opts.days + 5) * 86_400_000).toISOString()}::timestamptz, ${opts.createdBy},
        ${new Date(now.getTime() - (opts.days + 7) * 86_400_000).toISOString()}::timestamptz, ${nowIso}::timestamptz)`);
  }
  const terminalsJson = JSON.stringify(terminalIds);
  const n = terminalIds.length;

  const slots = planSlots({ total: opts.transactions, days: opts.days, timeZone: tz, now, random });
  const batches = batchesOf(slots, BATCH);
  let written = 0;
  for (const batch of batches) {
    const slotsJson = JSON.stringify(batch);
    const from = sql`(${batch[0]!.h}::timestamp at time zone ${tz})`;
    const to = sql`((${batch[batch.length - 1]!.h}::timestamp + interval '1 hour') at time zone ${tz})`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into transactions (id, project_id, terminal_id, amount, currency, status, reference, payment_token,
          provider, provider_reference, card_brand, card_last4, failure_code, failure_message, amount_refunded,
          expires_at, succeeded_at, created_at, updated_at)
        with draws as (
          select (s.h::timestamp + random() * interval '1 hour') at time zone ${tz} as created_at,
            s.h::date as day, random() as r_status, random() as r_refund, random() as r_code,
            1 + floor(random() * ${n})::int as t0, random() as u1, random() as u2, random() as u3, random() as u4,
            random() as r_brand
          from jsonb_to_recordset(${slotsJson}::jsonb) as s(h text, n int)
          cross join lateral generate_series(1, s.n) as g(i)
        ), shaped as (
          select *,
            -- A terminal that is down for a day hands its customers to the next one.
            case when t0 % 7 = 4 and abs(hashtext(t0::text || day::text)) % 9 = 0 then t0 % ${n} + 1 else t0 end as t,
            case when r_status < ${SUCCEEDED} then
              case when r_refund < 0.02 then 'refunded' when r_refund < 0.035 then 'partially_refunded' else 'succeeded' end
              when r_status < 0.975 then 'failed' when r_status < 0.99 then 'canceled' else 'expired' end as status,
            -- Ticket sizes: log-normal around 18.00 (Box-Muller), 0.50 to 600.00.
            least(60000, greatest(50, round(exp(ln(1800) + 0.75 * sqrt(-2 * ln(greatest(u1, 1e-12))) * cos(2 * pi() * u2)))))::bigint as amount,
            -- Scan to payment: log-normal around 25 s, 4 s to 10 min.
            least(600, greatest(4, exp(ln(25) + 0.6 * sqrt(-2 * ln(greatest(u3, 1e-12))) * cos(2 * pi() * u4)))) as pay_secs
          from draws
        )
        -- Ids and tokens start with the creation time in hex (then ≥ 40 / 122 random bits), so a
        -- batch appends to the end of their unique indexes instead of touching pages at random.
        select 'txn_' || lpad(to_hex((extract(epoch from created_at) * 1000)::bigint), 12, '0') || substr(md5(random()::text), 1, 10),
          ${projectId}, (${terminalsJson}::jsonb ->> (t - 1)), amount, ${currency}, status,
          case when r_brand < 0.3 then 'order-' || (100000 + floor(r_code * 900000))::int end,
          lpad(to_hex((extract(epoch from created_at) * 1000)::bigint), 12, '0') || replace(gen_random_uuid()::text, '-', ''),
          'simulator', case when status not in ('canceled', 'expired') then 'sim_' || substr(md5(random()::text), 1, 20) end,
          case when status in ('canceled', 'expired') then null when r_brand < 0.55 then 'visa' when r_brand < 0.85 then 'mastercard'
            when r_brand < 0.95 then 'amex' else 'discover' end,
          case when status not in ('canceled', 'expired') then lpad(floor(random() * 10000)::int::text, 4, '0') end,
          case when status = 'failed' then
            case when r_code < 0.4 then 'card_declined' when r_code < 0.7 then 'insufficient_funds'
              when r_code < 0.82 then 'expired_card' when r_code < 0.92 then 'incorrect_cvc' else 'processing_error' end end,
          case when status = 'failed' then 'The card was declined.' end,
          case when status = 'refunded' then amount when status = 'partially_refunded' then greatest(1, amount / 3) else 0 end,
          created_at + interval '15 minutes',
          case when status in ('succeeded', 'refunded', 'partially_refunded')
            then least(${nowIso}::timestamptz, created_at + make_interval(secs => 8 + pay_secs)) end,
          created_at,
          least(${nowIso}::timestamptz, created_at + make_interval(secs => 8 + pay_secs))
        from shaped`);
      // ~1.3 scans per payment: every payment was scanned, ~30 % were scanned once before and
      // left (abandoned); the scan that paid carries its time to pay.
      await tx.execute(sql`
        insert into scans (id, project_id, transaction_id, terminal_id, outcome, user_agent, app_version, paid_at,
          created_at, updated_at)
        select 'scn_' || substr(t.id, 5, 12) || g.k::text || substr(md5(random()::text), 1, 9), t.project_id, t.id, t.terminal_id,
          case when g.k = 1 and t.succeeded_at is not null then 'paid' else 'abandoned' end,
          case when abs(hashtext(t.id)) % 3 = 0 then 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)'
            else 'Mozilla/5.0 (Linux; Android 15; Pixel 9)' end,
          null,
          case when g.k = 1 then t.succeeded_at end,
          case when g.k = 1 then coalesce(t.succeeded_at - (t.updated_at - t.created_at) + interval '8 seconds', t.created_at + interval '6 seconds')
            else t.created_at + interval '2 seconds' end,
          coalesce(t.succeeded_at, t.created_at + interval '6 seconds')
        from transactions t
        cross join lateral generate_series(1, case when abs(hashtext(t.id)) % 10 < 3 then 2 else 1 end) as g(k)
        where t.project_id = ${projectId} and t.created_at >= ${from} and t.created_at < ${to}`);
      // Each payment's timeline (created → processing → outcome → refund), as the status machine
      // would have written it; ordered so the identity ids follow the steps within a payment.
      await tx.execute(sql`
        insert into transaction_status_changes (project_id, transaction_id, from_status, to_status, reason, created_at)
        select t.project_id, t.id, step.from_status, step.to_status, step.reason, step.at
        from transactions t
        cross join lateral (values
          (0, null, 'pending', 'created', t.created_at),
          (1, case when t.status not in ('canceled', 'expired') then 'pending' end, 'processing', null,
            greatest(t.created_at, coalesce(t.succeeded_at, t.updated_at) - interval '3 seconds')),
          (2, case when t.status in ('canceled', 'expired') then 'pending' else 'processing' end,
            case when t.status in ('refunded', 'partially_refunded') then 'succeeded' else t.status end,
            case when t.status = 'expired' then 'expired' when t.status = 'canceled' then null else 'provider_reported' end,
            case when t.status = 'expired' then least(${nowIso}::timestamptz, t.expires_at)
              else coalesce(t.succeeded_at, t.updated_at) end),
          (3, case when t.status in ('refunded', 'partially_refunded') then 'succeeded' end, t.status, null,
            least(${nowIso}::timestamptz, t.succeeded_at + make_interval(hours => 1 + abs(hashtext(t.id)) % 72)))
        ) as step(k, from_status, to_status, reason, at)
        where t.project_id = ${projectId} and t.created_at >= ${from} and t.created_at < ${to}
          and (step.k = 0 or step.k = 2 or step.from_status is not null)
        order by t.id, step.k`);
      await tx.execute(sql`
        insert into refunds (id, project_id, transaction_id, amount, currency, reason, status, provider_reference,
          created_by, created_at, updated_at)
        select 'rfd_' || substr(md5(random()::text || t.id), 1, 24), t.project_id, t.id, t.amount_refunded, t.currency,
          case when abs(hashtext(t.id)) % 2 = 0 then 'requested_by_customer' else 'duplicate' end, 'succeeded',
          'sim_re_' || substr(md5(t.id), 1, 16), ${opts.createdBy},
          least(${nowIso}::timestamptz, t.succeeded_at + make_interval(hours => 1 + abs(hashtext(t.id)) % 72)),
          least(${nowIso}::timestamptz, t.succeeded_at + make_interval(hours => 1 + abs(hashtext(t.id)) % 72))
        from transactions t
        where t.project_id = ${projectId} and t.created_at >= ${from} and t.created_at < ${to}
          and t.amount_refunded > 0 and t.succeeded_at is not null`);
    });
    written += batch.reduce((s, x) => s + x.n, 0);
    opts.onProgress?.(`${written.toLocaleString('en-US')} transactions written`);
  }
  await rebuildProjectRollups(db, projectId);
  // A bulk load leaves the planner blind (PGlite has no autovacuum; PostgreSQL's lags behind):
  // without statistics, deep keyset pages lose their index plan.
  await analyzeGrownTables(db);
  opts.onProgress?.('dashboard rollups rebuilt');
  return { terminals: terminalIds.length, transactions: written };
}
