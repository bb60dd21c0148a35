import { Link } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { currentIntlLocale } from '../../lib/i18n/current-locale';
import { formatMoney } from '../../shared/reports/range';
import { formatQuantity, useItemReport } from './use-item-report';
import '../../shared/reports/charts.css';

const TOP = 5;

/** The dashboard's "Top items": the five biggest by net over its range, from the item report route. */
export function TopItemsCard({
  projectId,
  from,
  to,
  currency,
}: {
  projectId: string;
  from: string;
  to: string;
  currency?: string;
}) {
  const { t } = useT();
  const report = useItemReport(projectId, { from, to, currency });
  const rows = (report.data?.rows ?? []).filter((r) => r.net > 0).slice(0, TOP);
  // The same days on the report screen.
  const range = `range=custom&from=${from}&to=${to}`;
  return (
    <section className="surface-card chart-card" aria-label={t('items.report.top')} data-testid="top-items">
      <h2>{t('items.report.top')}</h2>
      {report.isPending ? (
        <p className="muted chart-empty">{t('common.loading')}</p>
      ) : report.error ? (
        <p className="muted chart-empty">{t('items.report.loadFailed', { error: report.error.message })}</p>
      ) : rows.length === 0 ? (
        <p className="muted chart-empty">{t('items.report.noneShort')}</p>
      ) : (
        <ol className="top-terminals">
          {rows.map((r) => (
            <li key={`${r.item_id ?? ''}:${r.variant_id ?? ''}`}>
              <span className="top-terminal-name" title={r.name ?? t('items.report.adHoc')}>
                {r.name ?? t('items.report.adHoc')}
              </span>
              <span>{formatMoney(r.net, report.data!.currency)}</span>
              <span className="muted">
                {t('items.report.quantityLine', {
                  quantity: formatQuantity(r.quantity, currentIntlLocale()),
                })}
              </span>
            </li>
          ))}
        </ol>
      )}
      <Link to={`/p/${encodeURIComponent(projectId)}/reports/items?${range}`}>{t('items.report.open')}</Link>
    </section>
  );
}
