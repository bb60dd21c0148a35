import type { LineItem } from '@scanline/contracts';
import { useT } from '../../lib/i18n/console-intl';
import './line-items.css';

/** A transaction's basket (docs/guide/baskets.md): each line as sold, and what refunds took of it. */
export function LineItemsTable({ lines, currency }: { lines: LineItem[]; currency: string }) {
  const { t, money, number } = useT();
  const refunded = lines.some((l) => l.refunded_quantity > 0);
  const quantity = (q: number) => number(q, { maximumFractionDigits: 3 });
  return (
    <section className="surface-card panel detail-wide" aria-labelledby="items-title">
      <h2 id="items-title" className="section-title">
        {t('transactions.items.title')}
      </h2>
      <div className="line-items-scroll">
        <table className="line-items-table" aria-labelledby="items-title" data-testid="line-items">
          <thead>
            <tr>
              <th scope="col">{t('transactions.items.name')}</th>
              <th scope="col">{t('transactions.items.quantity')}</th>
              <th scope="col">{t('transactions.items.unitPrice')}</th>
              <th scope="col">{t('transactions.items.taxRate')}</th>
              <th scope="col">{t('transactions.items.total')}</th>
              {refunded && <th scope="col">{t('transactions.items.refunded')}</th>}
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id} data-testid="line-item">
                <td>
                  {l.name}
                  {l.category && <span className="muted"> · {l.category}</span>}
                </td>
                <td>{quantity(l.quantity)}</td>
                <td>{money(l.unit_price, currency)}</td>
                <td>
                  {l.tax_rate === null
                    ? '—'
                    : number(l.tax_rate / 100, { style: 'percent', maximumFractionDigits: 2 })}
                </td>
                <td>{money(l.total, currency)}</td>
                {refunded && <td>{l.refunded_quantity > 0 ? quantity(l.refunded_quantity) : '—'}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
