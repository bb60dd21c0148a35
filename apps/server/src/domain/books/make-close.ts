import { GENESIS_HASH } from '@scanline/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type ClosedBy, closes, drawers, projects, terminals } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { rowsOf } from '../../platform/sql-rows';
import { drawerFigures, findOpenDrawer } from '../drawers/drawer-figures';
import { recordEvent } from '../events/record-event';
import {
  claimIdempotencyKeyIn,
  finishIdempotencyKey,
  type IdempotencyScope,
} from '../idempotency/idempotency';
import { type CloseRow, hashedFieldsOf, presentClose } from '../presenters/books';
import { closeHash } from './close-hash';
import { CLOSE_RULES, COUNTING_SETTINGS, closeCashOf, closeTotals, tookEffect } from './close-totals';

/**
 * Makes a terminal's close in ONE database transaction:
 * 1. the terminal's row is locked FOR UPDATE. A payment that succeeds (and a refund that takes
 *    effect) holds FOR KEY SHARE on the same row while it stamps `succeeded_at`, so a payment is
 *    either committed before the close reads (and counted, its time < closed_at) or stamped
 *    after the close committed (time ≥ closed_at: the next close's). None lost, none doubled;
 * 2. `closed_at` is read from the clock after the lock; the number is the last one + 1 (no gaps:
 *    the lock serialises closes of a terminal, and (terminal_id, number) is unique);
 * 3. the figures, the grand totals, the drawer's cash (the drawer ends here), the hash chained
 *    to the previous close, and `close.created` in the outbox are written together.
 * `dueBefore` (the schedule): make it only if something happened in the period before that
 * instant, re-checked under the lock, so two replicas running the schedule make one close.
 */
export async function makeClose(
  db: Db,
  input: {
    projectId: string;
    terminalId: string;
    closedBy: ClosedBy;
    now: () => Date;
    dueBefore?: Date;
    /** The cash counted in the drawer; required while one is open, unless the schedule closes. */
    countedCash?: number;
    /** A key to claim in the close's transaction; when it was used before, `replay` instead. */
    idempotency?: { id: IdempotencyScope; requestHash: string };
  },
): Promise<{ close: CloseRow; terminalLabel: string } | { replay: true } | null> {
  return db.transaction(async (tx) => {
    await tx.execute(COUNTING_SETTINGS);
    if (input.idempotency && !(await claimIdempotencyKeyIn(tx, { ...input.idempotency, now: input.now() }))) {
      return { replay: true as const };
    }
    const [terminal] = await tx
      .select({ id: terminals.id, label: terminals.label, currency: projects.currency })
      .from(terminals)
      .innerJoin(projects, eq(projects.id, terminals.projectId))
      .where(and(eq(terminals.projectId, input.projectId), eq(terminals.id, input.terminalId)))
      .for('update', { of: terminals });
    if (!terminal) throw notFound('Terminal');
    const [previous] = await tx
      .select()
      .from(closes)
      .where(and(eq(closes.projectId, input.projectId), eq(closes.terminalId, input.terminalId)))
      .orderBy(desc(closes.number))
      .limit(1);
    // A scheduled close ends at its due instant, also when the job runs late: what came after
    // belongs to the next close.
    const closedAt = input.dueBefore ?? input.now();
    const from = previous?.closedAt ?? null;
    if (input.dueBefore) {
      const first = await firstActivity(tx, {
        projectId: input.projectId,
        terminalId: input.terminalId,
        from,
        to: input.dueBefore,
      });
      if (!first) return null;
    }
    // The open drawer ends with the close (docs/guide/drawer.md): counted by hand, or
    // left uncounted by the schedule. Cash comes in after the same books lock, so none is lost.
    const drawer = await findOpenDrawer(tx, input.projectId, input.terminalId);
    const counted = input.closedBy.kind === 'schedule' ? null : (input.countedCash ?? null);
    if (drawer && input.closedBy.kind !== 'schedule' && counted === null) {
      throw new AppError(
        'counted_cash_required',
        "This terminal's drawer is open: count the cash in it and send it as counted_cash.",
        [{ path: 'body.counted_cash', message: 'Required while a drawer is open', code: 'required' }],
      );
    }
    const cash = drawer ? closeCashOf(drawer.float, await drawerFigures(tx, drawer.id), counted) : null;
    const totals = await closeTotals(
      tx,
      { projectId: input.projectId, terminalId: input.terminalId, from, to: closedAt, rules: CLOSE_RULES },
      {
        previous: previous?.totals ?? null,
        projectCurrency: terminal.currency,
        drawer: drawer && cash ? { currency: drawer.currency, cash } : null,
      },
    );
    const openedAt =
      from ??
      (await firstActivity(tx, {
        projectId: input.projectId,
        terminalId: input.terminalId,
        from: null,
        to: closedAt,
      })) ??
      closedAt;
    const draft = {
      id: newId('cls'),
      projectId: input.projectId,
      terminalId: input.terminalId,
      number: (previous?.number ?? 0) + 1,
      openedAt,
      closedAt,
      closedBy:
        input.closedBy.kind === 'device' ? { ...input.closedBy, label: terminal.label } : input.closedBy,
      totals,
      previousHash: previous?.hash ?? GENESIS_HASH,
      hash: '',
      rules: CLOSE_RULES,
      createdAt: closedAt,
    };
    draft.hash = closeHash(hashedFieldsOf(draft));
    const [close] = await tx.insert(closes).values(draft).returning();
    if (drawer) {
      await tx
        .update(drawers)
        .set({ closedAt, closeId: draft.id, counted, updatedAt: closedAt })
        .where(eq(drawers.id, drawer.id));
    }
    if (input.idempotency) {
      await finishIdempotencyKey(tx, input.idempotency.id, {
        status: 201,
        body: presentClose(close!, terminal.label),
      });
    }
    await recordEvent(tx, {
      projectId: input.projectId,
      type: 'close.created',
      objectId: close!.id,
      data: presentClose(close!, terminal.label),
      now: closedAt,
    });
    return { close: close!, terminalLabel: terminal.label };
  });
}

/** When the terminal's first payment, refund or refund reversal in `[from, to)` took effect, or null if none did. */
export async function firstActivity(
  db: Db,
  { projectId, terminalId, from, to }: { projectId: string; terminalId: string; from: Date | null; to: Date },
): Promise<Date | null> {
  const since = from ?? new Date(0);
  // Epoch milliseconds: the drivers hand raw timestamptz back in different shapes.
  const [row] = await rowsOf<{ at: string | number | null }>(
    db,
    sql`select (extract(epoch from least(
          (select min(succeeded_at) from transactions
            where terminal_id = ${terminalId} and project_id = ${projectId} and succeeded_at is not null
              and succeeded_at >= ${since}::timestamptz and succeeded_at < ${to}::timestamptz),
          (select min(r.succeeded_at) from refunds r join transactions t on t.id = r.transaction_id
            where r.project_id = ${projectId} and t.terminal_id = ${terminalId} and ${tookEffect}
              and r.succeeded_at >= ${since}::timestamptz and r.succeeded_at < ${to}::timestamptz),
          (select min(r.reversed_at) from refunds r join transactions t on t.id = r.transaction_id
            where r.project_id = ${projectId} and t.terminal_id = ${terminalId} and r.succeeded_at is not null
              and r.reversed_at >= ${since}::timestamptz and r.reversed_at < ${to}::timestamptz)
        )) * 1000)::float8 as at`,
  );
  return row?.at === null || row?.at === undefined ? null : new Date(Math.round(Number(row.at)));
}
