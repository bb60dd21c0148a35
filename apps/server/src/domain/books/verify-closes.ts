import { type CloseVerify, GENESIS_HASH } from '@scanline/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { closes, drawers, projects } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { drawerFigures } from '../drawers/drawer-figures';
import { hashedFieldsOf } from '../presenters/books';
import { projectAccess } from '../projects/project-access';
import { canonicalJson, closeHash } from './close-hash';
import { closeCashOf, closeTotals } from './close-totals';

type Broken = CloseVerify['broken'][number];

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
      // The drawer the close ended, its cash counted again from its tenders and movements.
      const [drawer] = await db.select().from(drawers).where(eq(drawers.closeId, close.id)).limit(1);
      const fallback = close.totals[0]?.currency ?? 'EUR';
      const expected = await closeTotals(
        db,
        {
          projectId: close.projectId,
          terminalId: close.terminalId,
          from: before?.closedAt ?? null,
          to: close.closedAt,
          rules: close.rules,
        },
        {
          previous: before?.totals ?? null,
          projectCurrency: fallback,
          drawer: drawer
            ? {
                currency: drawer.currency,
                cash: closeCashOf(drawer.float, await drawerFigures(db, drawer.id), drawer.counted),
              }
            : null,
        },
      );
      if (canonicalJson(expected) !== canonicalJson(close.totals)) {
        fail('totals_mismatch');
        continue;
      }
    }
    checked += 1;
  }
  return { ok: broken.length === 0, checked, broken, first_broken: broken[0] ?? null };
}

/** `GET …/closes/verify`: the project's closes, for whoever may read them. */
export async function verifyProjectCloses(db: Db, actor: Actor, projectId: string) {
  await projectAccess(db, { actor, projectId, action: 'closes.read' });
  return verifyCloses(db, { projectId });
}
