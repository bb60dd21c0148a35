import type { Dashboard } from '@scanline/contracts';
import {
  change,
  countOf,
  declinedHint,
  formatCount,
  formatMoney,
  formatPercent,
  formatSeconds,
} from './range';

interface Card {
  label: string;
  value: string;
  delta: number | null;
  /** For figures where down is good (none yet besides time to pay). */
  lowerIsBetter?: boolean;
  hint?: string;
}

function Delta({ value, lowerIsBetter }: { value: number | null; lowerIsBetter?: boolean }) {
  if (value === null) return <span className="figure-delta muted">no previous data</span>;
  const good = lowerIsBetter ? value < 0 : value > 0;
  const flat = Math.abs(value) < 0.0005;
  const cls = flat ? 'muted' : good ? 'figure-delta-up' : 'figure-delta-down';
  const icon = flat ? 'pi-minus' : value > 0 ? 'pi-arrow-up-right' : 'pi-arrow-down-right';
  return (
    <span className={`figure-delta ${cls}`}>
      <i className={`pi ${icon}`} aria-hidden="true" />
      {formatPercent(Math.abs(value))} <span className="muted">vs previous period</span>
    </span>
  );
}

/** The headline figures, each with its change against the previous period of equal length. */
export function FigureCards({ data }: { data: Dashboard }) {
  const t = data.totals;
  const p = data.previous.totals;
  const c = data.currency;
  const cards: Card[] = [
    { label: 'Volume', value: formatMoney(t.volume, c), delta: change(t.volume, p.volume) },
    { label: 'Payments', value: formatCount(t.count), delta: change(t.count, p.count) },
    {
      label: 'Success rate',
      value: formatPercent(t.success_rate),
      delta: change(t.success_rate, p.success_rate),
      hint: declinedHint(t),
    },
    {
      label: 'Average ticket',
      value: t.average_ticket === null ? '—' : formatMoney(t.average_ticket, c),
      delta: change(t.average_ticket, p.average_ticket),
    },
    {
      label: 'Refunds',
      value: formatMoney(t.refunded_amount, c),
      delta: change(t.refunded_amount, p.refunded_amount),
      lowerIsBetter: true,
      hint: countOf(t.refunds, 'refund', 'refunds'),
    },
    {
      label: 'Scan conversion',
      value: formatPercent(t.conversion),
      delta: change(t.conversion, p.conversion),
      hint: countOf(t.scans, 'scan', 'scans'),
    },
    {
      label: 'Median time to pay',
      value: formatSeconds(t.median_seconds_to_pay),
      delta: change(t.median_seconds_to_pay, p.median_seconds_to_pay),
      lowerIsBetter: true,
      hint: 'from scan to payment',
    },
  ];
  return (
    <section className="figure-grid" aria-label="Figures">
      {cards.map((card) => (
        <article key={card.label} className="surface-card figure-card" aria-label={card.label}>
          <span className="stat-label">{card.label}</span>
          <span className="figure-value">{card.value}</span>
          <Delta value={card.delta} lowerIsBetter={card.lowerIsBetter} />
          {card.hint && <span className="muted figure-hint">{card.hint}</span>}
        </article>
      ))}
      <article className="surface-card figure-card" aria-label="Terminals online">
        <span className="stat-label">Terminals online</span>
        <span className="figure-value">
          {data.terminals.online}
          <span className="muted figure-of"> / {data.terminals.total}</span>
        </span>
        <span className="muted figure-hint">now</span>
      </article>
    </section>
  );
}
