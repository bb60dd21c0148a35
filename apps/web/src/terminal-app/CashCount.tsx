import type { CloseCash } from '@scanline/contracts';
import { useT } from '../lib/i18n/console-intl';
import { formatMoney } from '../lib/money';
import { countedTotal, denominationsOf } from './cash-denominations';

/**
 * The count of the drawer at the close (docs/guide/drawer.md#at-the-close): how many of each note
 * and coin, their total, what the drawer should hold and the variance (counted − expected), all
 * before the close is made.
 */
export function CashCount(props: {
  cash: CloseCash;
  currency: string;
  counts: Record<number, number>;
  onChange: (counts: Record<number, number>) => void;
}) {
  const { t } = useT();
  const { currency, counts } = props;
  const { notes, coins } = denominationsOf(currency);
  const counted = countedTotal(counts);
  const variance = counted - props.cash.expected;
  const money = (minor: number) => formatMoney(minor, currency);
  const group = (title: string, values: number[]) => (
    <fieldset className="term-count-group">
      <legend>{title}</legend>
      {values.map((v) => (
        <label key={v} className="term-count-row">
          <span className="term-count-value">{money(v)}</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={counts[v] ? String(counts[v]) : ''}
            aria-label={t('terminal.count.howMany', { value: money(v) })}
            data-testid={`count-${v}`}
            onChange={(e) => {
              const n = Math.max(0, Math.floor(Number(e.target.value) || 0));
              props.onChange({ ...counts, [v]: n });
            }}
          />
          <span className="term-count-sum">{counts[v] ? money(v * counts[v]) : ''}</span>
        </label>
      ))}
    </fieldset>
  );
  return (
    <section className="term-count" aria-labelledby="term-count-title" data-testid="cash-count">
      <h2 id="term-count-title">{t('terminal.count.title')}</h2>
      <p className="term-muted">{t('terminal.count.hint')}</p>
      <div className="term-count-groups">
        {group(t('terminal.count.notes'), notes)}
        {group(t('terminal.count.coins'), coins)}
      </div>
      <dl className="term-figures" aria-live="polite">
        <dt>{t('terminal.drawer.expected')}</dt>
        <dd data-testid="count-expected">{money(props.cash.expected)}</dd>
        <dt>{t('terminal.count.counted')}</dt>
        <dd data-testid="count-total">
          <strong>{money(counted)}</strong>
        </dd>
        <dt>{t('terminal.count.variance')}</dt>
        <dd data-testid="count-variance" className={variance === 0 ? '' : 'term-variance-off'}>
          {formatMoney(variance, currency, undefined, { sign: 'exceptZero' })}
        </dd>
      </dl>
    </section>
  );
}
