import { STICKER_AMOUNT_UNITS } from '@scanline/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { businesses, projects, terminals } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { randomBase62 } from '../../platform/ids';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { currencyDigits } from '../money';
import { presentTransaction } from '../presenters/payments';
import { projectAccess } from '../projects/project-access';
import { insertCreatedTransaction, newTransactionRow } from '../transactions/create-transaction';
import type { TransactionRow } from '../transactions/transition-transaction';
import { findTerminal, type TerminalRow } from './terminal-rows';

/** 43 base62 characters ≈ 256 bits, like the tokens the database makes for new terminals. */
const newStickerToken = () => randomBase62(43);

/** 0.50 to 10,000.00 in the project's currency, in its minor units. */
export function stickerAmountBounds(currency: string) {
  const unit = 10 ** currencyDigits(currency);
  return {
    min: Math.ceil(STICKER_AMOUNT_UNITS.min * unit),
    max: Math.floor(STICKER_AMOUNT_UNITS.max * unit),
  };
}

/** A new sticker link for the terminal; the old one stops at once (admins, write keys). */
export async function rotateSticker(
  db: Db,
  { actor, projectId, terminalId, now }: { actor: Actor; projectId: string; terminalId: string; now: Date },
): Promise<TerminalRow> {
  return db.transaction(async (tx) => {
    await projectAccess(tx, { actor, projectId, action: 'terminals.manage' });
    await findTerminal(tx, { projectId, terminalId, lock: true });
    const [row] = await tx
      .update(terminals)
      .set({ stickerToken: newStickerToken(), updatedAt: now })
      .where(and(eq(terminals.projectId, projectId), eq(terminals.id, terminalId)))
      .returning();
    await recordAudit(tx, { actor, projectId, action: 'terminal.sticker_rotated', target: terminalId, now });
    return row!;
  });
}

/** The terminal a sticker names, with what a shopper sees; disabled terminals take nothing. */
export async function findSticker(db: Db, token: string) {
  const [row] = await db
    .select({
      terminal: terminals,
      project: { id: projects.id, currency: projects.currency, taxRate: projects.taxRate },
      business: { name: businesses.name, provider: businesses.paymentProvider },
    })
    .from(terminals)
    .innerJoin(projects, eq(projects.id, terminals.projectId))
    .innerJoin(businesses, eq(businesses.id, projects.businessId))
    .where(and(eq(terminals.stickerToken, token), isNull(projects.deletedAt)))
    .limit(1);
  if (!row || row.terminal.status === 'disabled') throw notFound('Sticker');
  return row;
}

/**
 * A shopper scanned the sticker and typed the amount: a pending transaction for
 * that terminal, `source: "sticker"`, whatever the terminal's state (it may be switched off),
 * with its history row and `transaction.created` event in one statement. The shopper then pays
 * it on the usual payment page, which records the scan.
 */
export async function createStickerPayment(
  db: Db,
  { token, input, now }: { token: string; input: { amount: number; note?: string }; now: Date },
): Promise<TransactionRow> {
  const sticker = await findSticker(db, token);
  const currency = sticker.project.currency;
  const bounds = stickerAmountBounds(currency);
  if (input.amount < bounds.min || input.amount > bounds.max) {
    throw new AppError('validation_failed', `Enter an amount from ${bounds.min} to ${bounds.max}.`, [
      { path: 'body.amount', message: `From ${bounds.min} to ${bounds.max} (minor units of ${currency})` },
    ]);
  }
  const row = newTransactionRow({
    projectId: sticker.project.id,
    terminalId: sticker.terminal.id,
    amount: input.amount,
    currency,
    reference: input.note ?? null,
    metadata: null,
    provider: sticker.business.provider,
    source: 'sticker',
    taxRate: sticker.project.taxRate,
    now,
  });
  await db.transaction((tx) =>
    insertCreatedTransaction(tx, { row, eventData: presentTransaction(row, sticker.terminal.label) }),
  );
  return row;
}
