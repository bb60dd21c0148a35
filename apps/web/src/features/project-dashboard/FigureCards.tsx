import type { Dashboard } from '@scanline/contracts';
import { useT } from '../../lib/i18n/console-intl';
import {
  change,
  declinedHint,
  formatChange,
  formatCount,
  formatMoney,
  formatPercent,
  formatSeconds,
  refundsHint,
  scansHint,
} from '../../shared/reports/range';

interface Card {
  label: string;
  value: string;
  delta: number | null;
  /** For figures where down is good (none yet besides time to pay). */
  lowerIsBetter?: boolean;
  hint?: string;
}

function Delta({ value, lowerIsBetter }: { value: number | null; lowerIsBetter?: boolean }) {
  const { t } = useT();
  if (value === null) return <span className="figure-delta muted">{t('project-dashboard.delta.none')}</span>;
  const good = lowerIsBetter ? value < 0 : value > 0;
  const flat = Math.abs(value) < 0.0005;
  const cls = flat ? 'muted' : good ? 'figure-delta-up' : 'figure-delta-down';
  const icon = flat ? 'pi-minus' : value > 0 ? 'pi-arrow-up-right' : 'pi-arrow-down-right';
  return (
    <span className={`figure-delta ${cls}`}>
      <i className={`pi ${icon}`} aria-hidden="true" />
      {formatChange(flat ? 0 : value)}{' '}
      <span className="muted">{t('project-dashboard.delta.vsPrevious')}</span>
    </span>
  );
}

/** The headline figures, each with its change against the previous period of equal length. */
export function FigureCards({ data }: { data: Dashboard }) {
  const { t: tr } = useT();
  const t = data.totals;
  const p = data.previous.totals;
  const c = data.currency;
  const cards: Card[] = [
    {
      label: tr('project-dashboard.figure.volume'),
      value: formatMoney(t.volume, c),
      delta: change(t.volume, p.volume),
    },
    {
      label: tr('project-dashboard.figure.payments'),
      value: formatCount(t.count),
      delta: change(t.count, p.count),
    },
    {
      label: tr('project-dashboard.figure.successRate'),
      value: formatPercent(t.success_rate),
      delta: change(t.success_rate, p.success_rate),
      hint: declinedHint(t),
    },
    {
      label: tr('project-dashboard.figure.averageTicket'),
      value: t.average_ticket === null ? '—' : formatMoney(t.average_ticket, c),
      delta: change(t.average_ticket, p.average_ticket),
    },
    {
      label: tr('project-dashboard.figure.refunds'),
      value: formatMoney(t.refunded_amount, c),
      delta: change(t.refunded_amount, p.refunded_amount),
      lowerIsBetter: true,
      hint: refundsHint(t.refunds),
    },
    {
      label: tr('project-dashboard.figure.conversion'),
      value: formatPercent(t.conversion),
      delta: change(t.conversion, p.conversion),
      hint: scansHint(t.scans),
    },
    {
      label: tr('project-dashboard.figure.medianTime'),
      value: formatSeconds(t.median_seconds_to_pay),
      delta: change(t.median_seconds_to_pay, p.median_seconds_to_pay),
      lowerIsBetter: true,
      hint: tr('project-dashboard.figure.fromScan'),
    },
  ];
  return (
    <section className="figure-grid" aria-label={tr('project-dashboard.figures')}>
      {cards.map((card) => (
        <article key={card.label} className="surface-card figure-card" aria-label={card.label}>
          <span className="stat-label">{card.label}</span>
          <span className="figure-value">{card.value}</span>
          <Delta value={card.delta} lowerIsBetter={card.lowerIsBetter} />
          {card.hint && <span className="muted figure-hint">{card.hint}</span>}
        </article>
      ))}
      <article className="surface-card figure-card" aria-label={tr('project-dashboard.figure.online')}>
        <span className="stat-label">{tr('project-dashboard.figure.online')}</span>
        <span className="figure-value">
          {data.terminals.online}
          <span className="muted figure-of"> / {data.terminals.total}</span>
        </span>
        <span className="muted figure-hint">{tr('project-dashboard.figure.now')}</span>
      </article>
    </section>
  );
}
