import type { CloseCash, CloseTotals } from '@scanline/contracts';
import { useT } from '../../lib/i18n/console-intl';
import { formatMoney } from '../../lib/money';

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

/**
 * A close's (or the X report's) figures per currency: payments, refunds, net, tips, the grand
 * total that never resets, then by card brand, by tender (card, cash), the cash drawer the close
 * counted (docs/guide/drawer.md), by VAT rate and by cashier.
 */
export function CloseFigures({ totals }: { totals: CloseTotals[] }) {
  const { t: tr } = useT();
  return (
    <>
      {totals.map((t) => {
        const m = (v: number) => formatMoney(v, t.currency);
        return (
          <section
            key={t.currency}
            aria-label={tr('books.figures.in', { currency: t.currency })}
            className="stack"
          >
            <table className="figures" data-testid={`figures-${t.currency}`}>
              <tbody>
                <tr>
                  <th scope="row">{tr('books.figures.payments', { count: t.payments_count })}</th>
                  <td data-testid="gross">{m(t.gross)}</td>
                </tr>
                <tr>
                  <th scope="row">{tr('books.figures.refunds', { count: t.refunds_count })}</th>
                  <td>{formatMoney(t.refunds, t.currency, undefined, { sign: 'negative' })}</td>
                </tr>
                <tr className="total-row">
                  <th scope="row">{tr('books.figures.net')}</th>
                  <td data-testid="net">{m(t.net)}</td>
                </tr>
                <tr>
                  <th scope="row">{tr('books.figures.tips')}</th>
                  <td>{m(t.tips)}</td>
                </tr>
                <tr>
                  <th scope="row">{tr('books.figures.grandTotal')}</th>
                  <td data-testid="grand-total">{m(t.grand_total)}</td>
                </tr>
              </tbody>
            </table>
            {t.by_brand.length > 0 && (
              <table className="figures" aria-label={tr('books.figures.byBrand')}>
                <tbody>
                  {t.by_brand.map((b) => (
                    <tr key={b.card_brand ?? '-'}>
                      <th scope="row">
                        {BRANDS[b.card_brand ?? ''] ?? b.card_brand ?? tr('books.figures.otherBrand')} (
                        {b.count})
                      </th>
                      <td>{m(b.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {t.by_tender && t.by_tender.length > 0 && (
              <table className="figures" aria-label={tr('books.figures.byTender')} data-testid="by-tender">
                <tbody>
                  {t.by_tender.map((b) => (
                    <tr key={b.method}>
                      <th scope="row">
                        {b.method === 'cash'
                          ? tr('books.figures.tenderCash', { count: b.count })
                          : tr('books.figures.tenderCard', { count: b.count })}
                      </th>
                      <td>{m(b.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {t.cash && <CashFigures cash={t.cash} currency={t.currency} />}
            {t.by_tax_rate.some((r) => r.rate !== null) && (
              <table className="figures" aria-label={tr('books.figures.byVat')}>
                <tbody>
                  {t.by_tax_rate.map((r) => (
                    <tr key={String(r.rate)}>
                      <th scope="row">
                        {r.rate === null
                          ? tr('books.figures.noVat')
                          : tr('books.figures.vatRate', { rate: r.rate })}
                      </th>
                      <td>
                        {tr('books.figures.vatSplit', { gross: m(r.gross), net: m(r.net), tax: m(r.tax) })}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {t.by_cashier.length > 0 && (
              <table className="figures" aria-label={tr('books.figures.byCashier')}>
                <tbody>
                  {t.by_cashier.map((c) => (
                    <tr key={c.cashier_id}>
                      <th scope="row">
                        {c.name ?? c.cashier_id} ({c.payments_count})
                      </th>
                      <td>
                        {m(c.gross)}
                        {c.tips > 0 && <> {tr('books.figures.cashierTips', { amount: m(c.tips) })}</>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
    </>
  );
}

/** The drawer a close counted: float, cash in and out, expected, counted and the variance. */
function CashFigures({ cash, currency }: { cash: CloseCash; currency: string }) {
  const { t: tr } = useT();
  const m = (v: number) => formatMoney(v, currency);
  const out = (v: number) => formatMoney(v, currency, undefined, { sign: 'negative' });
  return (
    <table className="figures" aria-label={tr('books.figures.cash')} data-testid="cash">
      <caption>{tr('books.figures.cash')}</caption>
      <tbody>
        <tr>
          <th scope="row">{tr('books.figures.cashFloat')}</th>
          <td>{m(cash.float)}</td>
        </tr>
        <tr>
          <th scope="row">{tr('books.figures.cashSales')}</th>
          <td>{m(cash.sales)}</td>
        </tr>
        <tr>
          <th scope="row">{tr('books.figures.cashRefunds')}</th>
          <td>{out(cash.refunds)}</td>
        </tr>
        <tr>
          <th scope="row">{tr('books.figures.cashPaidIn')}</th>
          <td>{m(cash.paid_in)}</td>
        </tr>
        <tr>
          <th scope="row">{tr('books.figures.cashPaidOut')}</th>
          <td>{out(cash.paid_out)}</td>
        </tr>
        <tr className="total-row">
          <th scope="row">{tr('books.figures.cashExpected')}</th>
          <td data-testid="cash-expected">{m(cash.expected)}</td>
        </tr>
        <tr>
          <th scope="row">{tr('books.figures.cashCounted')}</th>
          <td data-testid="cash-counted">
            {cash.counted === null ? tr('books.figures.cashNotCounted') : m(cash.counted)}
          </td>
        </tr>
        {cash.variance !== null && (
          <tr>
            <th scope="row">{tr('books.figures.cashVariance')}</th>
            <td data-testid="cash-variance">
              {formatMoney(cash.variance, currency, undefined, { sign: 'exceptZero' })}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
