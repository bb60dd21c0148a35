import type { ItemReport, ItemReportRow } from '@scanline/contracts';
import { currencyDigits } from '@scanline/contracts/currency-digits';
import { Chart } from 'primereact/chart';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { Skeleton } from 'primereact/skeleton';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { type T, useT } from '../../lib/i18n/console-intl';
import { currentIntlLocale } from '../../lib/i18n/current-locale';
import { useProject } from '../../shared/projects/hooks';
import { QueryState } from '../../shared/QueryState';
import { RangePicker } from '../../shared/reports/RangePicker';
import { formatMoney, resolveRange } from '../../shared/reports/range';
import { type ChartColors, useChartColors } from '../../shared/reports/theme-colors';
import { formatDay } from '../../theme/date-format';
import { CsvExportButton } from '../../ui/CsvExportButton';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import {
  formatQuantity,
  itemNameOf,
  itemReportPath,
  itemReportQuery,
  useItemReport,
} from './use-item-report';
import '../../shared/reports/charts.css';
import './item-report.css';

const CHART_ROWS = 10;

const labelOf = (r: ItemReportRow, t: T, group: ItemReport['group']) =>
  group === 'category' ? (r.category ?? t('items.report.noCategory')) : (r.name ?? t('items.report.adHoc'));

/** The top items (or categories) by net as horizontal bars: the dashboard's chart kind and colours. */
function TopChart({ report, colors, t }: { report: ItemReport; colors: ChartColors; t: T }) {
  const rows = report.rows.filter((r) => r.net > 0).slice(0, CHART_ROWS);
  const digits = 10 ** currencyDigits(report.currency);
  const data = {
    labels: rows.map((r) => labelOf(r, t, report.group)),
    datasets: [
      {
        label: t('items.report.net'),
        data: rows.map((r) => r.net / digits),
        backgroundColor: colors.primary,
        borderRadius: 4,
      },
    ],
  };
  const options = {
    indexAxis: 'y',
    maintainAspectRatio: false,
    locale: currentIntlLocale(),
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          label: (ctx: { raw: unknown }) =>
            formatMoney(Math.round(Number(ctx.raw) * digits), report.currency),
        },
      },
    },
    scales: {
      x: { beginAtZero: true, ticks: { color: colors.muted }, grid: { color: colors.grid } },
      y: { ticks: { color: colors.text }, grid: { display: false } },
    },
  };
  return (
    <div style={{ height: `${Math.max(8, rows.length * 2.4 + 3)}rem` }}>
      <Chart type="bar" data={data} options={options} style={{ height: '100%' }} />
    </div>
  );
}

/** `/p/{id}/reports/items`: what was sold over a range kept in the URL, per item or per category. */
export default function ItemReportPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { t } = useT();
  const project = useProject(id);
  const colors = useChartColors();
  const timeZone = project.data?.time_zone ?? 'UTC';
  const range = resolveRange(params, timeZone);
  const group = params.get('group') === 'category' ? 'category' : 'item';
  const query = { from: range.from, to: range.to, group } as const;
  const report = useItemReport(id, query, Boolean(project.data));
  const r = report.data;
  const locale = currentIntlLocale();
  const money = (v: number) => (r ? formatMoney(v, r.currency) : '');
  const set = (mutate: (p: URLSearchParams) => void) => {
    const p = new URLSearchParams(params);
    mutate(p);
    setParams(p, { replace: true });
  };
  return (
    <QueryState query={project}>
      {() => (
        <>
          <PageHeader
            title={t('items.report.title')}
            subtitle={t('items.report.subtitle', { timeZone })}
            actions={
              <RangePicker
                value={range.key}
                from={range.from}
                to={range.to}
                onChange={(next) =>
                  set((p) => {
                    p.set('range', next.key);
                    if (next.key === 'custom' && next.from && next.to) {
                      p.set('from', next.from);
                      p.set('to', next.to);
                    } else {
                      p.delete('from');
                      p.delete('to');
                    }
                  })
                }
              />
            }
          />
          <div className="item-report-toolbar">
            <SelectButton
              value={group}
              allowEmpty={false}
              aria-label={t('items.report.groupBy')}
              options={[
                { value: 'item', label: t('items.report.byItem') },
                { value: 'category', label: t('items.report.byCategory') },
              ]}
              onChange={(e) =>
                set((p) => {
                  if (e.value === 'category') p.set('group', 'category');
                  else p.delete('group');
                })
              }
            />
            <CsvExportButton
              path={`${itemReportPath(id)}.csv`}
              query={itemReportQuery(query)}
              filename={`items-${range.from}-${range.to}${group === 'category' ? '-by-category' : ''}.csv`}
            />
          </div>
          {report.isPending ? (
            <div className="stack" role="status" aria-busy="true" aria-label={t('common.loading')}>
              <Skeleton height="14rem" />
              <Skeleton height="12rem" />
            </div>
          ) : report.error ? (
            report.error instanceof ApiError && report.error.status === 403 ? (
              <Message severity="warn" text={t('items.report.forbidden')} />
            ) : (
              <Message
                severity="error"
                text={t('items.report.loadFailed', { error: report.error.message })}
              />
            )
          ) : r && r.rows.length === 0 ? (
            <EmptyState icon="pi-shopping-bag" title={t('items.report.empty.title')}>
              <p>{t('items.report.empty.text')}</p>
            </EmptyState>
          ) : r ? (
            <div className="item-report-body" data-range={`${r.from}..${r.to}`}>
              <p className="muted m-0">
                {t('items.report.note', {
                  range: r.from === r.to ? formatDay(r.from) : `${formatDay(r.from)} – ${formatDay(r.to)}`,
                  seconds: r.lag_seconds,
                })}
              </p>
              <section className="surface-card chart-card" aria-label={t('items.report.chartTitle')}>
                <h2>{t('items.report.chartTitle')}</h2>
                <TopChart report={r} colors={colors} t={t} />
              </section>
              <DataTable
                value={r.rows}
                // A new table per grouping: rows keyed by position would otherwise keep a row of
                // the other grouping on screen when the count changes.
                key={group}
                size="small"
                stripedRows
                aria-label={t('items.report.tableTitle')}
                className="item-report-table"
              >
                {group === 'category' ? (
                  <Column
                    header={t('items.report.category')}
                    body={(row: ItemReportRow) => row.category ?? t('items.report.noCategory')}
                  />
                ) : (
                  <Column
                    header={t('items.report.item')}
                    // Narrow screens drop the Variant column and show the name as sold (`Flat white (Large)`).
                    body={(row: ItemReportRow) => (
                      <>
                        <span className="item-report-short">
                          {itemNameOf(row) ?? t('items.report.adHoc')}
                        </span>
                        <span className="item-report-full">{row.name ?? t('items.report.adHoc')}</span>
                      </>
                    )}
                  />
                )}
                {group === 'item' && (
                  <Column
                    className="item-report-variant"
                    headerClassName="item-report-variant"
                    header={t('items.report.variant')}
                    body={(row: ItemReportRow) => row.variant_name ?? '—'}
                  />
                )}
                <Column
                  header={t('items.report.quantity')}
                  align="right"
                  body={(row: ItemReportRow) => formatQuantity(row.quantity, locale)}
                />
                <Column
                  header={t('items.report.gross')}
                  align="right"
                  body={(row: ItemReportRow) => money(row.gross)}
                />
                <Column
                  header={t('items.report.refunds')}
                  align="right"
                  body={(row: ItemReportRow) => money(row.refunds)}
                />
                <Column
                  header={t('items.report.net')}
                  align="right"
                  body={(row: ItemReportRow) => money(row.net)}
                />
                <Column
                  header={t('items.report.tax')}
                  align="right"
                  body={(row: ItemReportRow) => money(row.tax)}
                />
              </DataTable>
              <p className="item-report-totals" data-testid="item-report-totals">
                {t('items.report.totals', {
                  gross: money(r.totals.gross),
                  refunds: money(r.totals.refunds),
                  net: money(r.totals.net),
                  tax: money(r.totals.tax),
                })}
              </p>
            </div>
          ) : null}
        </>
      )}
    </QueryState>
  );
}
