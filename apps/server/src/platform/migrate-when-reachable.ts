/**
 * Errors that say the database is not there yet (a container stack starting PostgreSQL beside
 * the app, a failover in progress) rather than that something is wrong with it.
 */
const NOT_YET = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'ETIMEDOUT', '57P03']);

function notYet(error: unknown): boolean {
  const e = error as { code?: string; cause?: unknown; errors?: unknown[] } | null;
  if (!e) return false;
  if (e.code && NOT_YET.has(e.code)) return true;
  // AggregateError (IPv4 and IPv6 both refused) and wrapped causes.
  return (e.errors ?? []).some(notYet) || (e.cause !== undefined && notYet(e.cause));
}

/**
 * Runs the migrations once the database answers, waiting up to `timeoutMs` while it cannot be
 * reached (docs/operate/containers.md#start-order): a replica started before its database waits
 * instead of exiting. Any other error fails at once, and so does the last one after the wait.
 */
export async function migrateWhenReachable(
  migrate: () => Promise<void>,
  opts: { timeoutMs?: number; log?: (line: string) => void; sleep?: (ms: number) => Promise<void> } = {},
): Promise<void> {
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let wait = 250;
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrate();
    } catch (error) {
      if (!notYet(error) || Date.now() + wait > deadline) throw error;
      if (attempt === 1)
        opts.log?.(
          `the database is not reachable yet (${(error as { code?: string }).code}); waiting for it`,
        );
      await sleep(wait);
      wait = Math.min(wait * 2, 2000);
    }
  }
}
