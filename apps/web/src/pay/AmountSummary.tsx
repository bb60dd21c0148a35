import type { ShopperScan } from '@scanline/contracts';
import { BasketLines } from './BasketLines';
import { useT } from './i18n';

/** What is to be paid: the total, the order and tip when there is a tip, the basket's lines, and the note. */
export function AmountSummary({
  scan,
  amount,
  shownTip,
}: {
  scan: ShopperScan;
  amount: string;
  shownTip: number;
}) {
  const { t, money } = useT();
  const order = money(scan.transaction.amount, scan.transaction.currency);
  return (
    <section className="pay-amount" aria-label={t('amount.section')}>
      <p className="pay-muted">{shownTip > 0 ? t('amount.total') : t('amount.amount')}</p>
      <p className="pay-amount-value" data-testid="pay-amount">
        {amount}
      </p>
      {shownTip > 0 && (
        <p className="pay-muted" data-testid="pay-tip-line">
          {t('amount.tipLine', { order, tip: money(shownTip, scan.transaction.currency) })}
        </p>
      )}
      {scan.transaction.line_items && scan.transaction.line_items.length > 0 && (
        <BasketLines lines={scan.transaction.line_items} currency={scan.transaction.currency} />
      )}
      {scan.transaction.note && (
        <p className="pay-note" data-testid="pay-note">
          <span className="pay-muted">{t('amount.note')}</span> {scan.transaction.note}
        </p>
      )}
    </section>
  );
}
