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
