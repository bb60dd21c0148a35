import type { Dashboard } from '@scanline/contracts';
import { SelectButton } from 'primereact/selectbutton';
import { formatMoney } from './range';

/**
 * The range has payments in more than one currency (issue 19): each is its own set of figures,
 * never added together or converted. The switch says what the others hold and shows them.
 */
export function CurrencySwitch({
  value,
  currencies,
  onChange,
}: {
  value: string;
  currencies: Dashboard['currencies'];
  onChange: (currency: string) => void;
}) {
  const others = currencies.filter((c) => c.currency !== value && c.count > 0);
  return (
    <section className="currency-switch" aria-label="Currencies">
      <SelectButton
        value={value}
        allowEmpty={false}
        options={currencies.map((c) => ({ label: c.currency, value: c.currency }))}
        onChange={(e) => e.value && onChange(e.value)}
        aria-label="Show the figures of one currency"
      />
      {others.length > 0 && (
        <p className="muted currency-note">
          These figures are in {value} only. Also in this range:{' '}
          {others
            .map(
              (c) =>
                `${formatMoney(c.volume, c.currency)} in ${c.count === 1 ? '1 payment' : `${c.count} payments`} (${c.currency})`,
            )
            .join(', ')}
          . Amounts are never converted between currencies.
        </p>
      )}
    </section>
  );
}
