import type { ShopperLine } from '@scanline/contracts';
import { useState } from 'react';
import { useT } from './i18n';

/**
 * What the shopper pays for: the basket's lines (name, quantity, line total) as the receipt will
 * list them. Behind an "n items" toggle on a phone, open on a wide screen (pay.css).
 */
export function BasketLines({ lines, currency }: { lines: ShopperLine[]; currency: string }) {
  const { t, money, intlLocale } = useT();
  const [open, setOpen] = useState(false);
  const count = lines.reduce((n, l) => n + l.quantity, 0);
  const quantity = new Intl.NumberFormat(intlLocale, { maximumFractionDigits: 3 });
  return (
    <div className={`pay-lines${open ? ' pay-lines-open' : ''}`} data-testid="pay-lines">
      <button
        type="button"
        className="pay-lines-toggle"
        aria-expanded={open}
        aria-controls="pay-lines-list"
        onClick={() => setOpen((o) => !o)}
      >
        {t('lines.toggle', { n: Number.isInteger(count) ? count : lines.length })}
        <span aria-hidden="true">{open ? ' ▴' : ' ▾'}</span>
      </button>
      <ul id="pay-lines-list" className="pay-lines-list" aria-label={t('lines.section')}>
        {lines.map((l, i) => (
          // Lines have no id on this page; their order is the basket's.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
          <li key={i} className="pay-line" data-testid="pay-line">
            <span className="pay-line-name">
              {t('lines.quantity', { quantity: quantity.format(l.quantity), name: l.name })}
            </span>
            <span className="pay-line-total">{money(l.total, currency)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
