import type { Dashboard } from '@scanline/contracts';
import { Chart } from 'primereact/chart';
import { formatCount, formatMoney, formatPercent, formatSeconds } from './range';
import { type ChartColors, useChartColors } from './theme-colors';

const monthDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Point labels: `Nov 3` per day, `14:00` per hour (already local to the project's zone). */
const labelOf = (start: string, granularity: Dashboard['granularity']) =>
  granularity === 'hour' ? start.slice(11, 16) : monthDay.format(new Date(`${start}T00:00:00Z`));

function axes(colors: ChartColors) {
  return {
    ticks: { color: colors.muted },
    grid: { color: colors.grid },
    border: { color: colors.grid },
  };
}

function VolumeChart({ data, colors }: { data: Dashboard; colors: ChartColors }) {
  const digits =
    new Intl.NumberFormat(undefined, { style: 'currency', currency: data.currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  const chartData = {
    labels: data.series.map((p) => labelOf(p.start, data.granularity)),
    datasets: [
      {
        type: 'bar',
        label: `Volume (${data.currency})`,
        data: data.series.map((p) => p.volume / 10 ** digits),
        backgroundColor: colors.primary,
        borderRadius: 4,
        yAxisID: 'y',
        order: 2,
      },
      {
        type: 'line',
        label: 'Payments',
        data: data.series.map((p) => p.count),
        borderColor: colors.warn,
        backgroundColor: colors.warn,
        // Monotone curves never overshoot the points: the line stays inside the plot (issue 19).
        cubicInterpolationMode: 'monotone',
        pointRadius: data.series.length > 45 ? 0 : 2,
        yAxisID: 'y1',
        order: 1,
      },
    ],
  };
  const options = {
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { labels: { color: colors.text } },
      tooltip: {
        callbacks: {
          label: (ctx: { datasetIndex: number; raw: unknown }) =>
            ctx.datasetIndex === 0
              ? `Volume: ${formatMoney(Number(ctx.raw) * 10 ** digits, data.currency)}`
              : `Payments: ${formatCount(Number(ctx.raw))}`,
        },
      },
    },
    scales: {
      x: axes(colors),
      y: { ...axes(colors), beginAtZero: true, position: 'left' },
      // Payments are whole: no 0.5 ticks on their axis (issue 19).
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
      ariaLabel="Volume and payments"
    />
  );
}

function SuccessChart({ data, colors }: { data: Dashboard; colors: ChartColors }) {
  const chartData = {
    labels: data.series.map((p) => labelOf(p.start, data.granularity)),
    datasets: [
      {
        label: 'Success rate',
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
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: { label: (ctx: { raw: unknown }) => `Success rate: ${Number(ctx.raw).toFixed(1)} %` },
      },
    },
    scales: {
      x: axes(colors),
      y: {
        ...axes(colors),
        suggestedMin: 80,
        max: 100,
        ticks: { color: colors.muted, callback: (v: unknown) => `${v} %` },
      },
    },
  };
  return (
    <Chart
      type="line"
      data={chartData}
      options={options}
      className="chart-box chart-box-small"
      ariaLabel="Success rate"
    />
  );
}

function DeclinesChart({ data, colors }: { data: Dashboard; colors: ChartColors }) {
  const declines = data.totals.declines;
  if (declines.length === 0) return <p className="muted chart-empty">No declined payments in this range.</p>;
  const chartData = {
    labels: declines.map((d) => d.code.replaceAll('_', ' ')),
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
    plugins: { legend: { position: 'bottom', labels: { color: colors.text, boxWidth: 12 } } },
  };
  return (
    <Chart
      type="doughnut"
      data={chartData}
      options={options}
      className="chart-box chart-box-small"
      ariaLabel="Declines by reason"
    />
  );
}

function Funnel({ data, colors }: { data: Dashboard; colors: ChartColors }) {
  const t = data.totals;
  const steps = [
    { label: 'Scans', value: t.scans },
    { label: 'Scans that paid', value: t.scans_paid },
    { label: 'Payments', value: t.count },
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
        ariaLabel="Scan funnel"
      />
      <p className="muted funnel-note">
        {formatPercent(t.conversion)} of scans end in a payment; median{' '}
        {formatSeconds(t.median_seconds_to_pay)} from scan to payment;{' '}
        {t.count ? (t.scans / t.count).toFixed(2) : '—'} scans per payment.
      </p>
    </>
  );
}

/** Volume and count, success rate, declines by reason and the scan funnel, in theme colours. */
export function DashboardCharts({ data }: { data: Dashboard }) {
  const colors = useChartColors();
  const per = data.granularity === 'hour' ? 'per hour' : 'per day';
  return (
    <div className="chart-grid">
      <section className="surface-card chart-card chart-wide" aria-label="Volume and payments">
        <h2>Volume and payments {per}</h2>
        <VolumeChart data={data} colors={colors} />
      </section>
      <section className="surface-card chart-card" aria-label="Success rate">
        <h2>Success rate {per}</h2>
        <SuccessChart data={data} colors={colors} />
      </section>
      <section className="surface-card chart-card" aria-label="Declines by reason">
        <h2>Declines by reason</h2>
        <DeclinesChart data={data} colors={colors} />
      </section>
      <section className="surface-card chart-card" aria-label="Scan funnel">
        <h2>Scan funnel</h2>
        <Funnel data={data} colors={colors} />
      </section>
      <section className="surface-card chart-card" aria-label="Top terminals">
        <h2>Top terminals</h2>
        {data.top_terminals.length === 0 ? (
          <p className="muted chart-empty">No payments in this range.</p>
        ) : (
          <ol className="top-terminals">
            {data.top_terminals.map((t) => (
              <li key={t.terminal_id}>
                <span className="top-terminal-name" title={t.label}>
                  {t.label}
                </span>
                <span>{formatMoney(t.volume, data.currency)}</span>
                <span className="muted">
                  {formatCount(t.count)} payments · {formatPercent(t.success_rate)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
      {/* Issue 26 §3: takings (amount + tip) and tips per cashier over the range. */}
      <section className="surface-card chart-card" aria-label="Takings per cashier">
        <h2>Takings per cashier</h2>
        <p className="muted">Tips in this range: {formatMoney(data.tips, data.currency)}</p>
        {data.by_cashier.length === 0 ? (
          <p className="muted chart-empty">No payments in this range.</p>
        ) : (
          <ol className="top-terminals" data-testid="takings-per-cashier">
            {data.by_cashier.map((c) => (
              <li key={c.cashier_id ?? 'none'}>
                <span className="top-terminal-name" title={c.name ?? 'No cashier'}>
                  {c.name ?? 'No cashier'}
                </span>
                <span>{formatMoney(c.gross, data.currency)}</span>
                <span className="muted">
                  {formatCount(c.payments_count)} payments · {formatMoney(c.tips, data.currency)} tips
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
