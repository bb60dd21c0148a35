import type { Close, CloseTotals, CurrentClose } from '@scanline/contracts';
import { formatDateTime } from '@scanline/contracts/date-time';
import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { formatMoney } from '../lib/money';
import { CashCount } from './CashCount';
import { countedTotal } from './cash-denominations';
import { closeDay, type Device, getCurrentClose, isUnauthorized } from './device';
import { errorText } from './error-text';

function Figures({ totals }: { totals: CloseTotals[] }) {
  const { t: tr } = useT();
  return (
    <>
      {totals.map((t) => (
        <dl key={t.currency} className="term-figures" data-testid={`term-figures-${t.currency}`}>
          <dt>{tr('terminal.close.payments', { n: t.payments_count })}</dt>
          <dd>{formatMoney(t.gross, t.currency)}</dd>
          <dt>{tr('terminal.close.refunds', { n: t.refunds_count })}</dt>
          <dd>{formatMoney(t.refunds, t.currency, undefined, { sign: 'negative' })}</dd>
          <dt>{tr('terminal.close.net')}</dt>
          <dd data-testid="term-net">
            <strong>{formatMoney(t.net, t.currency)}</strong>
          </dd>
          <dt>{tr('terminal.close.grandTotal')}</dt>
          <dd>{formatMoney(t.grand_total, t.currency)}</dd>
          {/* The Z report's count; the X report shows the drawer in the count below instead. */}
          {t.cash && t.cash.counted !== null && (
            <>
              <dt>{tr('terminal.drawer.expected')}</dt>
              <dd>{formatMoney(t.cash.expected, t.currency)}</dd>
              <dt>{tr('terminal.count.counted')}</dt>
              <dd data-testid="term-counted">{formatMoney(t.cash.counted, t.currency)}</dd>
              <dt>{tr('terminal.count.variance')}</dt>
              <dd data-testid="term-variance" className={t.cash.variance ? 'term-variance-off' : undefined}>
                {formatMoney(t.cash.variance ?? 0, t.currency, undefined, { sign: 'exceptZero' })}
              </dd>
            </>
          )}
        </dl>
      ))}
    </>
  );
}

/**
 * "Close the day" on the web terminal: the X report (figures since the last
 * close), then the close after a confirmation, and its Z report.
 */
export function CloseScreen(props: {
  device: Device;
  projectId: string;
  /** The project's zone: a close's day is the project's day, whichever zone the tablet is set to. */
  timeZone: string;
  onDone: () => void;
  onRevoked: () => void;
}) {
  const [report, setReport] = useState<CurrentClose | null>(null);
  const [closed, setClosed] = useState<Close | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The notes and coins counted in the drawer, when one is open (docs/guide/drawer.md#at-the-close).
  const [counts, setCounts] = useState<Record<number, number>>({});
  const { device, projectId, onRevoked } = props;
  const { t, intlLocale } = useT();

  useEffect(() => {
    let gone = false;
    getCurrentClose(device, projectId).then(
      (r) => !gone && setReport(r),
      (e) => {
        if (isUnauthorized(e)) onRevoked();
        else if (!gone) setError(errorText(e, t));
      },
    );
    return () => {
      gone = true;
    };
  }, [device, projectId, onRevoked, t]);

  // The drawer open now: its figures sit on the entry of its currency (`cash`, null elsewhere).
  const drawer = report?.totals.find((x) => x.cash) ?? null;
  const counted = countedTotal(counts);
  const close = async () => {
    const question = drawer?.cash
      ? `${t('terminal.count.confirm', {
          counted: formatMoney(counted, drawer.currency),
          variance: formatMoney(counted - drawer.cash.expected, drawer.currency, undefined, {
            sign: 'exceptZero',
          }),
        })} ${t('terminal.close.confirm')}`
      : t('terminal.close.confirm');
    if (!window.confirm(question)) return;
    setBusy(true);
    setError(null);
    try {
      setClosed(await closeDay(device, drawer?.cash ? { counted_cash: counted } : {}));
    } catch (e) {
      if (isUnauthorized(e)) onRevoked();
      else setError(errorText(e, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="term-close" aria-labelledby="term-close-title">
      <h1 id="term-close-title">
        {closed ? t('terminal.close.made', { number: closed.number }) : t('terminal.close.today')}
      </h1>
      {error && (
        <p className="term-error" role="alert">
          {error}
        </p>
      )}
      {closed ? (
        <>
          <Figures totals={closed.totals} />
          <p className="term-muted term-hash">SHA-256 {closed.hash}</p>
          <button type="button" className="term-primary" onClick={props.onDone}>
            {t('terminal.close.done')}
          </button>
        </>
      ) : report ? (
        <>
          <p className="term-muted">
            {t('terminal.close.number', { number: report.number })}
            {report.opened_at
              ? ` · ${t('terminal.close.since', { time: formatDateTime(report.opened_at, { timeZone: props.timeZone, locale: intlLocale, withZone: true }) })}`
              : ''}
          </p>
          <Figures totals={report.totals} />
          {drawer?.cash && (
            <CashCount cash={drawer.cash} currency={drawer.currency} counts={counts} onChange={setCounts} />
          )}
          <div className="term-actions">
            <button type="button" className="term-link" onClick={props.onDone}>
              {t('terminal.close.back')}
            </button>
            <button type="button" className="term-primary" onClick={close} disabled={busy}>
              {busy ? t('terminal.close.closing') : t('terminal.closeDay')}
            </button>
          </div>
        </>
      ) : (
        !error && <p className="term-muted">{t('terminal.close.loading')}</p>
      )}
    </section>
  );
}
