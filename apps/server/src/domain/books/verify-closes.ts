import { type CloseVerify, GENESIS_HASH } from '@scanline/contracts';
import { asc, eq } from 'drizzle-orm';
import { closes } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { hashedFieldsOf } from '../presenters/books';
import { projectAccess } from '../projects/project-access';
import { canonicalJson, closeHash } from './close-hash';
import { closeFigures, withGrandTotals } from './close-totals';

type Reason = NonNullable<CloseVerify['first_broken']>['reason'];

/**
 * Recomputes every chain and every close's figures (issue 25 §1): per terminal in number order,
 * the numbers run 1, 2, 3…, each `previous_hash` is the hash before it (64 zeros for the first),
 * each `hash` is the SHA-256 of the close's canonical JSON, and each close's totals equal those
 * computed again from the payments and refunds of its period. Reports the first close that fails
 * (terminals in id order, closes in number order). `projectId` null checks every project.
 */
export async function verifyCloses(db: Db, input: { projectId: string | null }): Promise<CloseVerify> {
  const rows = await db
    .select()
    .from(closes)
    .where(input.projectId ? eq(closes.projectId, input.projectId) : undefined)
    .orderBy(asc(closes.terminalId), asc(closes.number));
  let checked = 0;
  let previous: (typeof rows)[number] | null = null;
  for (const close of rows) {
    const sameTerminal = previous?.terminalId === close.terminalId;
    const before = sameTerminal ? previous : null;
    const broken = (reason: Reason): CloseVerify => ({
      ok: false,
      checked,
      first_broken: { close_id: close.id, terminal_id: close.terminalId, number: close.number, reason },
    });
    if (close.number !== (before?.number ?? 0) + 1) return broken('number_gap');
    if (close.previousHash !== (before?.hash ?? GENESIS_HASH)) return broken('chain_broken');
    if (closeHash(hashedFieldsOf(close)) !== close.hash) return broken('hash_mismatch');
    const figures = await closeFigures(db, {
      projectId: close.projectId,
      terminalId: close.terminalId,
      from: before?.closedAt ?? null,
      to: close.closedAt,
      rules: close.rules,
    });
    const fallback = close.totals[0]?.currency ?? 'EUR';
    const expected = withGrandTotals(figures, before?.totals ?? null, fallback);
    if (canonicalJson(expected) !== canonicalJson(close.totals)) return broken('totals_mismatch');
    checked += 1;
    previous = close;
  }
  return { ok: true, checked, first_broken: null };
}

/** `GET …/closes/verify`: the project's closes, for whoever may read them. */
export async function verifyProjectCloses(db: Db, actor: Actor, projectId: string) {
  await projectAccess(db, { actor, projectId, action: 'closes.read' });
  return verifyCloses(db, { projectId });
}
