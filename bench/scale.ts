// `npm run bench scale [-- --rows 10000000]`: the console's reads at 10 million
// transactions, on a PostgreSQL 15 primary and a streaming replica the bench makes for itself
// (initdb + pg_basebackup -R on free loopback ports; the shared server is never touched).
//
// 1. Seeds one project in bulk: `INSERT … SELECT generate_series` in statements of 500,000 rows
//    with the secondary indexes dropped and rebuilt after (as a bulk load should), the dashboard
//    rollups rebuilt, VACUUM ANALYZE. Prints rows/s for the inserts and for the whole load.
// 2. Copies the primary to a standby (pg_basebackup -R), which then streams.
// 3. Over HTTP, one request at a time, against GET /api/v1/health measured in the same run:
//    transactions page 1 and page 500, each filter, search by reference, the 90-day dashboard,
//    the first byte of the CSV export (its client on a thread of its own: first-byte.ts) — each
//    from an app replica reading the primary and from one whose DATABASE_REPLICA_URL is the
//    standby, in turns with page 1 (each read's own baseline) — then page 1 as SQL alone on
//    each server, and closes of a busy terminal.
// 4. The plans: auto_explain turned on for one pass of each read, its log lines printed.
//
// Targets: list pages ≤ 2× page 1, dashboard ≤ 5× a page, search ≤ 20 ms median,
// replica reads within 1.2× of the primary's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { makeClose } from '../apps/server/src/domain/books/make-close';
import { rebuildProjectRollups } from '../apps/server/src/domain/dashboard/refresh-rollups';
import { listTransactions } from '../apps/server/src/domain/transactions/list-transactions';
import { loadConfig } from '../apps/server/src/platform/config';
import type { AppContext } from '../apps/server/src/platform/context';
import { type Database, openDatabase } from '../apps/server/src/platform/db';
import { processRegistry } from '../apps/server/src/platform/process-metrics';
import { rowsOf } from '../apps/server/src/platform/sql-rows';
import { makeTeam } from '../apps/server/src/test/factories';
import { freePort, type TestApp } from '../apps/server/src/test/harness';
import { canMakeCluster, makeStreamingPair } from '../apps/server/src/test/own-postgres';
import { intArg } from './args';
import { firstByteClient } from './first-byte';
import { latency, latencyRound, report } from './measure';

const BATCH = 500_000;
const TERMINALS = 20;
const DAYS = 90;
const PAGE = 50;
const CASHIERS = ['stf_bench_ana', 'stf_bench_ben', 'stf_bench_cleo', 'stf_bench_dan'];

/** The project's payments, in bulk: 92 % succeeded, 30 % with a reference, 60 % with a cashier. */
async function seed(db: Db, projectId: string, currency: string, terminalIds: string[], rows: number) {
  const now = Date.now();
  const span = DAYS * 86_400_000;
  const terminals = JSON.stringify(terminalIds);
  const cashiers = JSON.stringify(CASHIERS);
  let written = 0;
  while (written < rows) {
    const n = Math.min(BATCH, rows - written);
    await db.execute(sql`
      insert into transactions (id, project_id, terminal_id, amount, currency, status, source, reference,
        payment_token, provider, provider_reference, card_brand, card_last4, failure_code, amount_refunded,
        tip_amount, cashier_id, cashier_name, tax_rate, fee, expires_at, succeeded_at, created_at, updated_at)
      select 'txn_' || lpad(to_hex(g), 12, '0'), ${projectId},
        ${terminals}::jsonb ->> (g % ${TERMINALS})::int, amount, ${currency}, status, 'terminal',
        case when r_ref < 0.3 then 'ORDER-' || g end,
        -- Unique by the row number (md5 per row would halve the insert rate; nothing reads these).
        'bench' || lpad(to_hex(g), 12, '0'), 'simulator',
        case when status <> 'canceled' then 'sim_' || g end,
        case when status = 'canceled' then null when r_brand < 0.55 then 'visa' when r_brand < 0.85 then 'mastercard'
          when r_brand < 0.95 then 'amex' else 'discover' end,
        case when status <> 'canceled' then lpad((g * 7919 % 10000)::text, 4, '0') end,
        case when status = 'failed' then 'card_declined' end,
        case when status = 'partially_refunded' then amount / 3 else 0 end,
        case when r_tip < 0.4 then amount / 10 else 0 end,
        case when r_cashier < 0.6 then ${cashiers}::jsonb ->> (g % 4)::int end,
        case when r_cashier < 0.6 then 'Cashier ' || (g % 4) end,
        19, case when status in ('succeeded', 'partially_refunded') then 25 + amount * 14 / 1000 end,
        created_at + interval '15 minutes',
        case when status in ('succeeded', 'partially_refunded') then created_at + interval '30 seconds' end,
        created_at, created_at + interval '30 seconds'
      from (
        select g, r_ref, r_brand, r_tip, r_cashier,
          to_timestamp((${now} - random() * ${span}) / 1000) as created_at,
          case when r_status < 0.90 then 'succeeded' when r_status < 0.92 then 'partially_refunded'
            when r_status < 0.98 then 'failed' else 'canceled' end as status,
          (100 + floor(random() * 9900))::bigint as amount
        from (select g, random() as r_status, random() as r_ref, random() as r_brand, random() as r_tip,
                random() as r_cashier
              from generate_series(${written + 1}::bigint, ${written + n}::bigint) as g) d
      ) s`);
    written += n;
    process.stdout.write(`\r  seeded ${written.toLocaleString('en-US')} transactions`);
  }
  process.stdout.write('\n');
}

type Db = Database['db'];

export async function benchScale() {
  if (!canMakeCluster()) {
    console.log('\nscale: skipped (needs PostgreSQL 15 binaries to make its own primary and replica)');
    return;
  }
  const rows = intArg('rows', 1_000_000, 10_000);
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  // Room for the bulk load and index builds; auto_explain loaded, off until the plans pass.
  const pair = makeStreamingPair(primaryPort, standbyPort, {
    deferStandby: true,
    options:
      '-c shared_buffers=1GB -c maintenance_work_mem=1GB -c max_wal_size=8GB -c checkpoint_timeout=30min ' +
      // Not `-c auto_explain.log_min_duration`: a command-line setting would outrank ALTER SYSTEM.
      '-c max_parallel_maintenance_workers=2 -c shared_preload_libraries=auto_explain',
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanline-bench-scale-'));
  const databases: Database[] = [];
  const exportClient = firstByteClient();
  const apps: FastifyInstance[] = [];
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PORT: '0',
      RATE_LIMIT_MULTIPLIER: '0',
    });
    const primary = await openDatabase({ databaseUrl: pair.primaryUrl, poolSize: 4 });
    databases.push(primary);
    await primary.migrate();
    const appP = await buildApp({ config, database: primary, now: () => new Date() }, { logger: false });
    apps.push(appP);
    const team = await makeTeam({ app: appP, ctx: appP.ctx as AppContext } as TestApp);
    const projectId = team.project.id;
    const db = primary.db;
    const [project] = await rowsOf<{ currency: string; time_zone: string }>(
      db,
      sql`select currency, time_zone from projects where id = ${projectId}`,
    );
    const terminalIds = Array.from({ length: TERMINALS }, (_, i) => `trm_bench${String(i).padStart(3, '0')}`);
    for (const [i, id] of terminalIds.entries()) {
      await db.execute(sql`insert into terminals (id, project_id, label, kind, serial, status, created_by)
        values (${id}, ${projectId}, ${`Till ${i + 1}`}, 'physical', ${`SN-${100000 + i}`}, 'online', 'bench')`);
    }

    // The load: secondary indexes off, foreign-key triggers off (our own rows), then back.
    const indexes = await rowsOf<{ indexname: string; indexdef: string }>(
      db,
      sql`select indexname, indexdef from pg_indexes
          where tablename = 'transactions' and indexname <> 'transactions_pkey'`,
    );
    for (const ix of indexes) await db.execute(sql.raw(`drop index "${ix.indexname}"`));
    const loadStart = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await seed(tx as unknown as Db, projectId, project!.currency, terminalIds, rows);
    });
    const insertSeconds = (performance.now() - loadStart) / 1000;
    const indexStart = performance.now();
    for (const ix of indexes) await db.execute(sql.raw(ix.indexdef));
    const indexSeconds = (performance.now() - indexStart) / 1000;
    const rollupStart = performance.now();
    await rebuildProjectRollups(db, projectId);
    const rollupSeconds = (performance.now() - rollupStart) / 1000;
    // As after any bulk load (and as autovacuum's insert threshold would soon do, in the middle
    // of the measurements): hint bits and the visibility map set, so index-only scans are.
    await db.execute(sql`vacuum (analyze)`);
    const loadSeconds = (performance.now() - loadStart) / 1000;
    const [{ size } = { size: '?' }] = await rowsOf<{ size: string }>(
      db,
      sql`select pg_size_pretty(pg_total_relation_size('transactions')) as size`,
    );

    // The standby: a copy of the loaded primary, streaming from here on.
    const standbyStart = performance.now();
    pair.makeStandby();
    const standbySeconds = (performance.now() - standbyStart) / 1000;
    const withReplica = await openDatabase({
      databaseUrl: pair.primaryUrl,
      replicaUrls: [pair.standbyUrl],
      replicaMaxLagSeconds: 5,
      poolSize: 4,
    });
    databases.push(withReplica);
    const appR = await buildApp({ config, database: withReplica, now: () => new Date() }, { logger: false });
    apps.push(appR);
    for (let i = 0; i < 100; i++) {
      await withReplica.replicas!.poll();
      const [state] = withReplica.replicas!.status();
      if (state!.up && state!.lagSeconds === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await appP.listen({ port: 0, host: '127.0.0.1' });
    await appR.listen({ port: 0, host: '127.0.0.1' });
    const origin = (app: FastifyInstance) => {
      const address = app.server.address();
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    };
    const [originP, originR] = [origin(appP), origin(appR)];

    const get = (url: string) => async () => {
      const res = await fetch(url, { headers: team.owner.auth });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: ${res.status} ${res.statusText}`);
    };
    // Timed to the first chunk from a client thread (firstByteClient); then the export is
    // dropped and its server given time to stop, or its last batch would land on the next call.
    const firstByte = (url: string) => async () => {
      const took = await exportClient.time(url, team.owner.auth);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return took;
    };
    const base = `/api/v1/projects/${projectId}`;
    const list = (query: string) => `${base}/transactions?limit=${PAGE}${query ? `&${query}` : ''}`;
    // Page 500's cursor, walked page by page as the console does.
    let cursor = '';
    for (let i = 1; i < 500; i++) {
      const res = await fetch(`${originP}${list(cursor ? `starting_after=${cursor}` : '')}`, {
        headers: team.owner.auth,
      });
      const body = (await res.json()) as { next_cursor: string | null };
      cursor = body.next_cursor!;
    }
    const [sample] = await rowsOf<{ reference: string; card_last4: string }>(
      db,
      sql`select reference, card_last4 from transactions where project_id = ${projectId}
          and reference is not null order by created_at desc limit 1 offset 5000`,
    );
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const reads: {
      name: string;
      path: string;
      kind: 'page' | 'filter' | 'search' | 'dashboard' | 'export';
    }[] = [
      { name: 'transactions page 1', path: list(''), kind: 'page' },
      { name: 'transactions page 500 (cursor)', path: list(`starting_after=${cursor}`), kind: 'page' },
      { name: 'filter status = failed', path: list('status[equals]=failed'), kind: 'filter' },
      { name: 'filter terminal', path: list(`terminal_id[equals]=${terminalIds[3]}`), kind: 'filter' },
      { name: 'filter cashier', path: list(`cashier_id[equals]=${CASHIERS[1]}`), kind: 'filter' },
      { name: 'filter amount 10.00–50.00', path: list('amount[gte]=1000&amount[lte]=5000'), kind: 'filter' },
      {
        name: 'filter created 60 to 10 days ago',
        path: list(`created_at[dateAfter]=${day(-60)}&created_at[dateBefore]=${day(-10)}`),
        kind: 'filter',
      },
      { name: 'filter card last 4', path: list(`card_last4[equals]=${sample!.card_last4}`), kind: 'filter' },
      { name: 'filter card brand = amex', path: list('card_brand[equals]=amex'), kind: 'filter' },
      // Three prefix densities (~0.03 %, 0.3 %, 3 % of rows): the index answers the first two,
      // the newest-first walk the third (narrowByPrefix).
      {
        name: 'filter reference starts with ORDER-777',
        path: list('reference[startsWith]=ORDER-777'),
        kind: 'filter',
      },
      {
        name: 'filter reference starts with ORDER-77',
        path: list('reference[startsWith]=ORDER-77'),
        kind: 'filter',
      },
      {
        name: 'filter reference starts with ORDER-7',
        path: list('reference[startsWith]=ORDER-7'),
        kind: 'filter',
      },
      { name: 'filter tip > 5.00', path: list('tip_amount[gt]=500'), kind: 'filter' },
      { name: 'sorted by amount', path: list('sort=-amount'), kind: 'filter' },
      {
        name: 'search by reference',
        path: `${base}/search?${new URLSearchParams({ q: sample!.reference })}`,
        kind: 'search',
      },
      {
        name: '90-day dashboard',
        path: `${base}/dashboard?from=${day(-89)}&to=${day(0)}`,
        kind: 'dashboard',
      },
      { name: 'CSV export, first byte', path: `${base}/transactions/export.csv`, kind: 'export' },
    ];
    // Each read on the primary app and on the replica app, with page 1 on the primary as its
    // own baseline, in turns (latencyRound): a ratio is never between two moments of the run.
    const healthBefore = await latency(get(`${originP}/api/v1/health`), { runs: 100 });
    // The replica app must really read the standby: count what the standby served.
    const replicaReads = async () => {
      const metric = await processRegistry.getSingleMetric('scanline_db_queries_total')!.get();
      return metric.values.find((v) => v.labels.target === 'replica')?.value ?? 0;
    };
    const replicaBefore = await replicaReads();
    const onPrimary: Record<string, { p50: number; p95: number }> = {};
    const onReplica: Record<string, { p50: number; p95: number }> = {};
    const page1Beside: Record<string, number> = {};
    const page1Path = reads[0]!.path;
    for (const r of reads) {
      const call = (origin: string) =>
        r.kind === 'export' ? firstByte(`${origin}${r.path}`) : get(`${origin}${r.path}`);
      const [a, b, page1] = await latencyRound(
        [call(originP), call(originR), get(`${originP}${page1Path}`)],
        {
          runs: r.kind === 'export' ? 10 : 30,
        },
      );
      onPrimary[r.name] = a!;
      onReplica[r.name] = b!;
      page1Beside[r.name] = page1!.p50;
    }
    const servedByReplica = (await replicaReads()) - replicaBefore;
    if (servedByReplica === 0) throw new Error('the replica app read nothing from the standby');
    // Page 1 as the domain function alone (no HTTP, no auth, no read-your-writes lookup) on
    // each server alternately: what the standby itself costs, apart from the app's path to it.
    const actor = {
      kind: 'user' as const,
      uid: team.owner.user.uid,
      email: null,
      emailVerified: true,
      ip: null,
      secondFactor: true,
    };
    const pageReq = { filters: [], sort: null, limit: PAGE };
    const standbyDb = withReplica.replicas!.pick()!.db;
    const [sqlPrimary, sqlStandby] = await latencyRound([
      () => listTransactions(db, { actor, projectId, req: pageReq }),
      () => listTransactions(standbyDb, { actor, projectId, req: pageReq }),
    ]);
    const healthAfter = await latency(get(`${originP}/api/v1/health`), { runs: 100 });
    const health = (healthBefore.p50 + healthAfter.p50) / 2;

    // A busy terminal's close: first its whole history (everything since it was paired), then a
    // day's close the next evening, as a till does.
    const busy = terminalIds[0]!;
    const [{ n: busyCount } = { n: 0 }] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from transactions where terminal_id = ${busy} and succeeded_at is not null`,
    );
    const closedBy = { kind: 'schedule' as const, id: null, label: 'bench' };
    let t0 = performance.now();
    await makeClose(db, {
      projectId,
      terminalId: busy,
      closedBy,
      now: () => new Date(Date.now() - 86_400_000),
    });
    const firstClose = performance.now() - t0;
    const [{ n: dayCount } = { n: 0 }] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from transactions where terminal_id = ${busy}
          and succeeded_at >= now() - interval '1 day'`,
    );
    t0 = performance.now();
    await makeClose(db, { projectId, terminalId: busy, closedBy, now: () => new Date() });
    const dayClose = performance.now() - t0;

    const ms = (v: number) => `${v.toFixed(2)} ms`;
    const verdict = (ok: boolean) => (ok ? 'OK' : 'MISSED');
    const target = (name: string, kind: string, p50: number) => {
      // Against page 1 as measured in turns with this read (see above).
      const page1 = page1Beside[name]!;
      if (kind === 'page' || kind === 'filter')
        return `${(p50 / page1).toFixed(2)}× page 1 (≤ 2×) ${verdict(p50 <= 2 * page1)}`;
      if (kind === 'dashboard')
        return `${(p50 / page1).toFixed(2)}× page 1 (≤ 5×) ${verdict(p50 <= 5 * page1)}`;
      if (kind === 'search') return `≤ 20 ms ${verdict(p50 <= 20)}`;
      return '';
    };
    report(
      `scale on PostgreSQL 15: ${rows.toLocaleString('en-US')} transactions in one project (${size} with indexes), ${TERMINALS} terminals, ${DAYS} days`,
      [
        {
          name: 'bulk insert (indexes off)',
          value: `${insertSeconds.toFixed(1)} s = ${Math.round(rows / insertSeconds).toLocaleString('en-US')} rows/s (target ≥ 50,000) ${verdict(rows / insertSeconds >= 50_000)}`,
        },
        { name: `${indexes.length} indexes rebuilt`, value: `${indexSeconds.toFixed(1)} s` },
        { name: 'dashboard rollups rebuilt', value: `${rollupSeconds.toFixed(1)} s` },
        {
          name: 'whole load (insert, indexes, rollups, vacuum analyze)',
          value: `${loadSeconds.toFixed(1)} s = ${Math.round(rows / loadSeconds).toLocaleString('en-US')} rows/s`,
        },
        { name: 'standby made (pg_basebackup -R) and streaming', value: `${standbySeconds.toFixed(1)} s` },
        {
          name: 'queries the standby served in the replica pass',
          value: servedByReplica.toLocaleString('en-US'),
        },
        {
          name: 'baseline GET /api/v1/health p50 (before / after)',
          value: `${ms(healthBefore.p50)} / ${ms(healthAfter.p50)}`,
        },
        {
          name: 'page 1 as SQL alone (listTransactions, no HTTP)',
          value: `primary p50 ${ms(sqlPrimary!.p50)} | standby p50 ${ms(sqlStandby!.p50)} = ${(sqlStandby!.p50 / sqlPrimary!.p50).toFixed(2)}× primary`,
        },
        ...reads.map((r) => {
          const p = onPrimary[r.name]!;
          const q = onReplica[r.name]!;
          return {
            name: r.name,
            value:
              `primary p50 ${ms(p.p50)} (${(p.p50 / health).toFixed(1)}× health) p95 ${ms(p.p95)} ${target(r.name, r.kind, p.p50)}` +
              ` | replica p50 ${ms(q.p50)} = ${(q.p50 / p.p50).toFixed(2)}× primary (≤ 1.2×) ${verdict(q.p50 <= 1.2 * p.p50)}`,
          };
        }),
        {
          name: `close of a busy terminal: its whole history (${busyCount.toLocaleString('en-US')} payments)`,
          value: ms(firstClose),
        },
        {
          name: `close of a busy terminal: one day (${dayCount.toLocaleString('en-US')} payments)`,
          value: ms(dayClose),
        },
      ],
    );

    // The plans of the reads above, as PostgreSQL ran them for the HTTP requests (auto_explain).
    await db.execute(sql`alter system set auto_explain.log_min_duration = 0`);
    await db.execute(sql`select pg_reload_conf()`);
    await new Promise((r) => setTimeout(r, 300));
    for (const r of reads) {
      const from = fs.statSync(pair.logs.primary).size;
      await (r.kind === 'export' ? firstByte(`${originP}${r.path}`) : get(`${originP}${r.path}`))();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const fd = fs.openSync(pair.logs.primary, 'r');
      const buf = Buffer.alloc(fs.statSync(pair.logs.primary).size - from);
      fs.readSync(fd, buf, 0, buf.length, from);
      fs.closeSync(fd);
      const plans = buf
        .toString()
        .split(/\n(?=\S)/)
        .filter((p) => /transactions|dashboard_rollups/.test(p) && p.includes('plan:'));
      console.log(`\n  EXPLAIN ${r.name}:`);
      for (const plan of plans) {
        const body = plan.slice(plan.indexOf('plan:') + 5).trim();
        // The query text is long and the same as the code's: the plan is what matters.
        const lines = body.split('\n').filter((l) => !l.includes('Query Text:'));
        for (const line of lines.slice(0, 40)) console.log(`    ${line.replace(/^\t/, '')}`);
      }
    }
    await db.execute(sql`alter system reset auto_explain.log_min_duration`);
    await db.execute(sql`select pg_reload_conf()`);
  } finally {
    await exportClient.close();
    for (const app of apps) await app.close().catch(() => {});
    for (const database of databases) await database.close().catch(() => {});
    pair.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
