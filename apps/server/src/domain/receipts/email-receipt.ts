import { RECEIPT_EMAILS_PER_TRANSACTION } from '@scanline/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import { transactions } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { translator } from '../../platform/i18n/catalogue';
import { SHOPPER_CHOICES } from '../../platform/i18n/locales';
import { pickLocale } from '../../platform/i18n/pick-locale';
import { renderLocalizedEmail } from '../../platform/mail/localized-email';
import { sendMail } from '../../platform/mail/send-mail';
import { loadScanContext } from '../scans/scan-context';
import { getReceipt } from './get-receipt';
import { receiptFacts } from './receipt-facts';

/**
 * "Email me this receipt": the receipt (business, amount, card, date, number) and
 * its link to the address the shopper typed, at most RECEIPT_EMAILS_PER_TRANSACTION times per
 * transaction (one guarded counter). The address is used for this one email and stored nowhere.
 * In the first of `languages` the shopper pages speak, its link opening the receipt
 * page in the same language.
 */
export async function emailReceipt(
  ctx: AppContext,
  { scanId, email, languages = [] }: { scanId: string; email: string; languages?: readonly string[] },
) {
  const { txn } = await loadScanContext(ctx.database.db, scanId);
  if (!txn.receiptUrl || !txn.receiptToken) {
    throw new AppError('transaction_state_conflict', 'There is no receipt yet: this payment is not paid.');
  }
  const receipt = await getReceipt(ctx.database.db, txn.receiptToken);
  const [counted] = await ctx.database.db
    .update(transactions)
    .set({ receiptEmailsSent: sql`${transactions.receiptEmailsSent} + 1` })
    .where(
      and(
        eq(transactions.projectId, txn.projectId),
        eq(transactions.id, txn.id),
        lt(transactions.receiptEmailsSent, RECEIPT_EMAILS_PER_TRANSACTION),
      ),
    )
    .returning({ sent: transactions.receiptEmailsSent });
  if (!counted) {
    throw new AppError(
      'rate_limited',
      `This receipt was already emailed ${RECEIPT_EMAILS_PER_TRANSACTION} times; open it from the payment page instead.`,
    );
  }
  // The receipt itself, not only its link: what a shopper keeps for their records.
  const t = translator('shoppers', pickLocale(SHOPPER_CHOICES, languages));
  const mail = renderLocalizedEmail(
    t,
    'receiptEmail',
    { business: receipt.business.name, number: receipt.number },
    { details: receiptFacts(receipt, t), actionUrl: `${txn.receiptUrl}?lang=${t.locale}` },
  );
  await sendMail(ctx, { ...mail, to: email, kind: 'receipt' });
  return { sent: true as const, emails_left: RECEIPT_EMAILS_PER_TRANSACTION - counted.sent };
}
