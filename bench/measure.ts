/** Runs `fn` from `concurrency` loops for `seconds`; bounded in time and count, loopback only. */
export async function measure(
  name: string,
  fn: () => Promise<unknown>,
  { seconds = 3, concurrency = 8, maxOps = 200_000 } = {},
): Promise<{ name: string; ops: number; perSecond: number; meanMs: number }> {
  let ops = 0;
  let busyMs = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline && ops < maxOps) {
        const start = performance.now();
        await fn();
        busyMs += performance.now() - start;
        ops++;
      }
    }),
  );
  return { name, ops, perSecond: ops / seconds, meanMs: busyMs / Math.max(ops, 1) };
}

export function report(title: string, rows: { name: string; value: string }[]) {
  console.log(`\n${title}`);
  for (const r of rows) console.log(`  ${r.name.padEnd(52)} ${r.value}`);
}

/** Median and 95th percentile of `runs` sequential calls, after `warmups` unmeasured ones. */
export async function latency(fn: () => Promise<unknown>, { runs = 30, warmups = 3 } = {}) {
  for (let i = 0; i < warmups; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(runs / 2)]!, p95: times[Math.floor(runs * 0.95)]! };
}

/**
 * Several calls measured in turns (a, b, c, a, b, c, …) after `warmups` rounds: what happens
 * on the machine meanwhile (a checkpoint, autovacuum, a cold cache) falls on each alike, so
 * their ratios are the calls' differences, not the order they were measured in. A call that
 * returns a number has timed itself (ms): the rest of its time is settling, not measured.
 */
export async function latencyRound(
  fns: (() => Promise<unknown>)[],
  { runs = 30, warmups = 5 } = {},
): Promise<{ p50: number; p95: number }[]> {
  for (let i = 0; i < warmups; i++) for (const fn of fns) await fn();
  const times = fns.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) {
    for (const [j, fn] of fns.entries()) {
      const start = performance.now();
      const took = await fn();
      times[j]!.push(typeof took === 'number' ? took : performance.now() - start);
    }
  }
  return times.map((t) => {
    t.sort((x, y) => x - y);
    return { p50: t[Math.floor(runs / 2)]!, p95: t[Math.floor(runs * 0.95)]! };
  });
}

/**
 * A bench on PGlite, then on PostgreSQL when DATABASE_URL names one (test apps open PostgreSQL
 * whenever it is set, so it is hidden for the PGlite run).
 */
export async function onEachDatabase(run: (kind: 'PGlite' | 'PostgreSQL') => Promise<void>) {
  const url = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  try {
    await run('PGlite');
  } finally {
    if (url) process.env.DATABASE_URL = url;
  }
  if (url) await run('PostgreSQL');
  else console.log('  (set DATABASE_URL to measure on PostgreSQL too)');
}
