import type { CloseTotals } from '@scanline/contracts';
import { useT } from '../../lib/i18n/console-intl';
import { formatMoney } from '../../lib/money';

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

/**
 * A close's (or the X report's) figures per currency: payments, refunds, net, tips, the grand
 * total that never resets, then by card brand, by VAT rate and by cashier
 *.
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
