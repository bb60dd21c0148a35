import type { Dashboard } from '@scanline/contracts';
import { SelectButton } from 'primereact/selectbutton';
import { useT } from '../../lib/i18n/console-intl';
import { formatMoney } from '../../shared/reports/range';

/**
 * The range has payments in more than one currency: each is its own set of figures,
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
  const { t } = useT();
  const others = currencies.filter((c) => c.currency !== value && c.count > 0);
  return (
    <section className="currency-switch" aria-label={t('project-dashboard.currencies')}>
      <SelectButton
        value={value}
        allowEmpty={false}
        options={currencies.map((c) => ({ label: c.currency, value: c.currency }))}
        onChange={(e) => e.value && onChange(e.value)}
        aria-label={t('project-dashboard.currencyPick')}
      />
      {others.length > 0 && (
        <p className="muted currency-note">
          {t('project-dashboard.currencyNote', {
            currency: value,
            others: others
              .map((c) =>
                t('project-dashboard.currencyOther', {
                  amount: formatMoney(c.volume, c.currency),
                  count: c.count,
                  currency: c.currency,
                }),
              )
              .join(', '),
          })}
        </p>
      )}
    </section>
  );
}
