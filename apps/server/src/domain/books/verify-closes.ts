import { type CloseVerify, GENESIS_HASH } from '@scanline/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { CloseTotalsEntry } from '../../db/schema';
import { closes, drawers, projects } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import type { Actor } from '../actor';
import { drawerFigures } from '../drawers/drawer-figures';
import { hashedFieldsOf } from '../presenters/books';
import { projectAccess } from '../projects/project-access';
import { canonicalJson, closeHash } from './close-hash';
import { closeCashOf, closeTotalsOfPeriods, counting, type TotalsContext } from './close-totals';

type Broken = CloseVerify['broken'][number];
type CloseRecord = typeof closes.$inferSelect;

/**
 * Recomputes every chain and every close's figures: per terminal in number order,
 * the numbers run 1, 2, 3…, each `previous_hash` is the hash before it (64 zeros for the first),
 * each `hash` is the SHA-256 of the close's canonical JSON, and each close's totals equal those
 * computed again from the payments and refunds of its period (and the cash of the drawer it
 * ended), by the rules it was made with.
 * Reports every close that fails (terminals in id order, closes in number order), not only the
 * first. A purged project's closes are kept without their payments: they are checked by chain
 * and hash alone (`purged: true` on any that fail). `projectId` null checks every project.
 */
export async function verifyCloses(db: Db, input: { projectId: string | null }): Promise<CloseVerify> {
  const rows = await db
    .select()
    .from(closes)
    .where(input.projectId ? eq(closes.projectId, input.projectId) : undefined)
    .orderBy(asc(closes.terminalId), asc(closes.number));
  const ids = [...new Set(rows.map((r) => r.projectId))];
  const alive = new Set(
    ids.length
      ? (await db.select({ id: projects.id }).from(projects).where(inArray(projects.id, ids))).map(
          (p) => p.id,
        )
      : [],
  );
  const recounted = new Map<string, CloseTotalsEntry[]>();
  for (const list of byTerminal(rows)) {
    if (alive.has(list[0]!.projectId)) await counting(db, (tx) => recount(tx, list, recounted));
  }
  let checked = 0;
  const broken: Broken[] = [];
  let previous: (typeof rows)[number] | null = null;
  for (const close of rows) {
    const sameTerminal = previous?.terminalId === close.terminalId;
    const before = sameTerminal ? previous : null;
    previous = close;
    const purged = !alive.has(close.projectId);
    const fail = (reason: Broken['reason']) =>
      broken.push({
        close_id: close.id,
        terminal_id: close.terminalId,
        number: close.number,
        reason,
        purged,
      });
    if (close.number !== (before?.number ?? 0) + 1) {
      fail('number_gap');
      continue;
    }
    if (close.previousHash !== (before?.hash ?? GENESIS_HASH)) {
      fail('chain_broken');
      continue;
    }
    if (closeHash(hashedFieldsOf(close)) !== close.hash) {
      fail('hash_mismatch');
      continue;
    }
    if (!purged) {
      const expected = recounted.get(close.id);
      if (canonicalJson(expected) !== canonicalJson(close.totals)) {
        fail('totals_mismatch');
        continue;
      }
    }
    checked += 1;
  }
  return { ok: broken.length === 0, checked, broken, first_broken: broken[0] ?? null };
}

function byTerminal(rows: CloseRecord[]): CloseRecord[][] {
  const out: CloseRecord[][] = [];
  for (const row of rows) {
    const last = out[out.length - 1];
    if (last && last[0]!.terminalId === row.terminalId) last.push(row);
    else out.push([row]);
  }
  return out;
}

/**
 * One terminal's closes counted again in one pass: each run of closes made by the same rules is
 * two queries over the run's whole span (docs/develop/benchmarks.md#bench-closes), not two per
 * close. Each close's period starts where the close before it (by number) ended.
 */
async function recount(db: Tx, list: CloseRecord[], into: Map<string, CloseTotalsEntry[]>) {
  const first = list[0]!;
  const ended = await db
    .select()
    .from(drawers)
    .where(
      inArray(
        drawers.closeId,
        list.map((c) => c.id),
      ),
    );
  // The drawer each close ended, its cash counted again from its tenders and movements.
  const drawerOf = new Map<string, TotalsContext['drawer']>();
  for (const drawer of ended) {
    if (!drawer.closeId || drawerOf.has(drawer.closeId)) continue;
    drawerOf.set(drawer.closeId, {
      currency: drawer.currency,
      cash: closeCashOf(drawer.float, await drawerFigures(db, drawer.id), drawer.counted),
    });
  }
  for (let i = 0; i < list.length; ) {
    let j = i;
    while (j + 1 < list.length && list[j + 1]!.rules === list[i]!.rules) j++;
    const run = list.slice(i, j + 1);
    const start = i;
    const totals = await closeTotalsOfPeriods(
      db,
      {
        projectId: first.projectId,
        terminalId: first.terminalId,
        rules: run[0]!.rules,
        bounds: [list[i - 1]?.closedAt ?? new Date(0), ...run.map((c) => c.closedAt)],
      },
      (k) => ({
        previous: list[start + k - 1]?.totals ?? null,
        projectCurrency: run[k]!.totals[0]?.currency ?? 'EUR',
        drawer: drawerOf.get(run[k]!.id) ?? null,
      }),
    );
    for (const [k, t] of totals.entries()) into.set(run[k]!.id, t);
    i = j + 1;
  }
}

/** `GET …/closes/verify`: the project's closes, for whoever may read them. */
export async function verifyProjectCloses(db: Db, actor: Actor, projectId: string) {
  await projectAccess(db, { actor, projectId, action: 'closes.read' });
  return verifyCloses(db, { projectId });
}
