import type { Dashboard } from '@scanline/contracts';
import { currencyDigits } from '@scanline/contracts/currency-digits';
import { Chart } from 'primereact/chart';
import type { ReactNode } from 'react';
import { type T, useT } from '../../lib/i18n/console-intl';
import { currentIntlLocale } from '../../lib/i18n/current-locale';
import { formatCount, formatMoney, formatPercent, formatSeconds } from '../../shared/reports/range';
import { type ChartColors, useChartColors } from '../../shared/reports/theme-colors';

/** Point labels: `Nov 3` per day, `14:00` per hour (already local to the project's zone). */
const labelOf = (start: string, granularity: Dashboard['granularity']) =>
  granularity === 'hour'
    ? start.slice(11, 16)
    : new Intl.DateTimeFormat(currentIntlLocale(), {
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${start}T00:00:00Z`));

function axes(colors: ChartColors) {
  return {
    ticks: { color: colors.muted },
    grid: { color: colors.grid },
    border: { color: colors.grid },
  };
}

function VolumeChart({ data, colors, t }: { data: Dashboard; colors: ChartColors; t: T }) {
  const digits = currencyDigits(data.currency);
  const chartData = {
    labels: data.series.map((p) => labelOf(p.start, data.granularity)),
    datasets: [
      {
        type: 'bar',
        label: t('project-dashboard.chart.volume', { currency: data.currency }),
        data: data.series.map((p) => p.volume / 10 ** digits),
        backgroundColor: colors.primary,
        borderRadius: 4,
        yAxisID: 'y',
        order: 2,
      },
      {
        type: 'line',
        label: t('project-dashboard.chart.payments'),
        data: data.series.map((p) => p.count),
        borderColor: colors.warn,
        backgroundColor: colors.warn,
        // Monotone curves never overshoot the points: the line stays inside the plot.
        cubicInterpolationMode: 'monotone',
        pointRadius: data.series.length > 45 ? 0 : 2,
        yAxisID: 'y1',
        order: 1,
      },
    ],
  };
  const options = {
    maintainAspectRatio: false,
    locale: currentIntlLocale(),
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { labels: { color: colors.text } },
      tooltip: {
        callbacks: {
          label: (ctx: { datasetIndex: number; raw: unknown }) =>
            ctx.datasetIndex === 0
              ? t('project-dashboard.chart.volumeTip', {
                  amount: formatMoney(Number(ctx.raw) * 10 ** digits, data.currency),
                })
              : t('project-dashboard.chart.paymentsTip', { count: formatCount(Number(ctx.raw)) }),
        },
      },
    },
    scales: {
      x: axes(colors),
      y: { ...axes(colors), beginAtZero: true, position: 'left' },
      // Payments are whole: no 0.5 ticks on their axis.
      y1: {
        ...axes(colors),
        ticks: { color: colors.muted, precision: 0 },
        beginAtZero: true,
        position: 'right',
        grid: { drawOnChartArea: false },
      },
    },
  };
  return (
    <Chart
      type="bar"
      data={chartData}
      options={options}
      className="chart-box"
      ariaLabel={t('project-dashboard.chart.volumeAria')}
    />
  );
}

function SuccessChart({ data, colors, t }: { data: Dashboard; colors: ChartColors; t: T }) {
  const chartData = {
    labels: data.series.map((p) => labelOf(p.start, data.granularity)),
    datasets: [
      {
        label: t('project-dashboard.figure.successRate'),
        data: data.series.map((p) => (p.success_rate === null ? null : p.success_rate * 100)),
        borderColor: colors.success,
        backgroundColor: colors.success,
        cubicInterpolationMode: 'monotone',
        spanGaps: true,
        pointRadius: data.series.length > 45 ? 0 : 2,
      },
    ],
  };
  const options = {
    maintainAspectRatio: false,
    locale: currentIntlLocale(),
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          label: (ctx: { raw: unknown }) =>
            t('project-dashboard.chart.successTip', { rate: Number(ctx.raw) }),
        },
      },
    },
    scales: {
      x: axes(colors),
      y: {
        ...axes(colors),
        suggestedMin: 80,
        max: 100,
        ticks: {
          color: colors.muted,
          callback: (v: unknown) => formatPercent(Number(v) / 100),
        },
      },
    },
  };
  return (
    <Chart
      type="line"
      data={chartData}
      options={options}
      className="chart-box chart-box-small"
      ariaLabel={t('project-dashboard.figure.successRate')}
    />
  );
}

function DeclinesChart({ data, colors, t }: { data: Dashboard; colors: ChartColors; t: T }) {
  const declines = data.totals.declines;
  if (declines.length === 0)
    return <p className="muted chart-empty">{t('project-dashboard.chart.noDeclines')}</p>;
  const chartData = {
    labels: declines.map((d) =>
      t('project-dashboard.chart.declineCode', { code: d.code, label: d.code.replaceAll('_', ' ') }),
    ),
    datasets: [
      {
        data: declines.map((d) => d.count),
        backgroundColor: declines.map((_, i) => colors.palette[i % colors.palette.length]),
        borderColor: colors.grid,
      },
    ],
  };
  const options = {
    maintainAspectRatio: false,
    locale: currentIntlLocale(),
    plugins: { legend: { position: 'bottom', labels: { color: colors.text, boxWidth: 12 } } },
  };
  return (
    <Chart
      type="doughnut"
      data={chartData}
      options={options}
      className="chart-box chart-box-small"
      ariaLabel={t('project-dashboard.chart.declines')}
    />
  );
}

function Funnel({ data, colors, t: tr }: { data: Dashboard; colors: ChartColors; t: T }) {
  const t = data.totals;
  const steps = [
    { label: tr('project-dashboard.funnel.scans'), value: t.scans },
    { label: tr('project-dashboard.funnel.scansPaid'), value: t.scans_paid },
    { label: tr('project-dashboard.chart.payments'), value: t.count },
  ];
  const chartData = {
    labels: steps.map((s) => s.label),
    datasets: [
      {
        data: steps.map((s) => s.value),
        backgroundColor: [colors.primarySoft, colors.primary, colors.success],
        borderRadius: 4,
      },
    ],
  };
  const options = {
    indexAxis: 'y',
    maintainAspectRatio: false,
    locale: currentIntlLocale(),
    plugins: { legend: { display: false } },
    scales: { x: { ...axes(colors), beginAtZero: true }, y: axes(colors) },
  };
  return (
    <>
      <Chart
        type="bar"
        data={chartData}
        options={options}
        className="chart-box chart-box-small"
        ariaLabel={tr('project-dashboard.funnel')}
      />
      <p className="muted funnel-note">
        {tr('project-dashboard.funnel.note', {
          conversion: formatPercent(t.conversion),
          median: formatSeconds(t.median_seconds_to_pay),
          ratio: t.count
            ? new Intl.NumberFormat(currentIntlLocale(), {
                minimumFractionDigits: 2,
                maximumFractionDigits: 2,
              }).format(t.scans / t.count)
            : '—',
        })}
      </p>
    </>
  );
}

/** Volume and count, success rate, declines by reason and the scan funnel, in theme colours. */
/** `children`: more cards in the same grid (the dashboard's "Top items", read from the item report). */
export function DashboardCharts({ data, children }: { data: Dashboard; children?: ReactNode }) {
  const colors = useChartColors();
  const { t } = useT();
  const granularity = data.granularity === 'hour' ? 'hour' : 'day';
  return (
    <div className="chart-grid">
      <section
        className="surface-card chart-card chart-wide"
        aria-label={t('project-dashboard.chart.volumeAria')}
      >
        <h2>{t('project-dashboard.chart.volumeTitle', { granularity })}</h2>
        <VolumeChart data={data} colors={colors} t={t} />
      </section>
      <section className="surface-card chart-card" aria-label={t('project-dashboard.figure.successRate')}>
        <h2>{t('project-dashboard.chart.successTitle', { granularity })}</h2>
        <SuccessChart data={data} colors={colors} t={t} />
      </section>
      <section className="surface-card chart-card" aria-label={t('project-dashboard.chart.declines')}>
        <h2>{t('project-dashboard.chart.declines')}</h2>
        <DeclinesChart data={data} colors={colors} t={t} />
      </section>
      <section className="surface-card chart-card" aria-label={t('project-dashboard.funnel')}>
        <h2>{t('project-dashboard.funnel')}</h2>
        <Funnel data={data} colors={colors} t={t} />
      </section>
      <section className="surface-card chart-card" aria-label={t('project-dashboard.top')}>
        <h2>{t('project-dashboard.top')}</h2>
        {data.top_terminals.length === 0 ? (
          <p className="muted chart-empty">{t('project-dashboard.noPaymentsShort')}</p>
        ) : (
          <ol className="top-terminals">
            {data.top_terminals.map((x) => (
              <li key={x.terminal_id}>
                <span className="top-terminal-name" title={x.label}>
                  {x.label}
                </span>
                <span>{formatMoney(x.volume, data.currency)}</span>
                <span className="muted">
                  {t('project-dashboard.top.line', { count: x.count, rate: formatPercent(x.success_rate) })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
      {/* Takings (amount + tip) and tips per cashier over the range. */}
      <section className="surface-card chart-card" aria-label={t('project-dashboard.cashiers')}>
        <h2>{t('project-dashboard.cashiers')}</h2>
        <p className="muted">
          {t('project-dashboard.cashiers.tips', { amount: formatMoney(data.tips, data.currency) })}
        </p>
        {data.by_cashier.length === 0 ? (
          <p className="muted chart-empty">{t('project-dashboard.noPaymentsShort')}</p>
        ) : (
          <ol className="top-terminals" data-testid="takings-per-cashier">
            {data.by_cashier.map((c) => (
              <li key={c.cashier_id ?? 'none'}>
                <span className="top-terminal-name" title={c.name ?? t('project-dashboard.cashiers.none')}>
                  {c.name ?? t('project-dashboard.cashiers.none')}
                </span>
                <span>{formatMoney(c.gross, data.currency)}</span>
                <span className="muted">
                  {t('project-dashboard.cashiers.line', {
                    count: c.payments_count,
                    tips: formatMoney(c.tips, data.currency),
                  })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <TenderSplit data={data} t={t} />
      {children}
    </div>
  );
}

/** Cash against card: the range's takings per tender method (`by_tender`, as closes count them). */
function TenderSplit({ data, t }: { data: Dashboard; t: T }) {
  const total = data.by_tender.reduce((s, x) => s + x.amount, 0);
  return (
    <section className="surface-card chart-card" aria-label={t('project-dashboard.tender')}>
      <h2>{t('project-dashboard.tender')}</h2>
      <p className="muted">{t('project-dashboard.tender.note')}</p>
      {data.by_tender.length === 0 ? (
        <p className="muted chart-empty">{t('project-dashboard.noPaymentsShort')}</p>
      ) : (
        <ol className="top-terminals" data-testid="takings-per-tender">
          {data.by_tender.map((x) => (
            <li key={x.method}>
              <span className="top-terminal-name">
                {x.method === 'cash'
                  ? t('project-dashboard.tender.cash')
                  : t('project-dashboard.tender.card')}
              </span>
              <span>{formatMoney(x.amount, data.currency)}</span>
              <span className="muted">
                {t('project-dashboard.tender.line', {
                  count: x.count,
                  share: formatPercent(total > 0 ? x.amount / total : null),
                })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
