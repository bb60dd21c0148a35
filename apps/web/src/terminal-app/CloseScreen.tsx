import type { Close, CloseTotals, CurrentClose } from '@scanline/contracts';
import { useEffect, useState } from 'react';
import { formatMoney } from '../lib/money';
import { closeDay, type Device, getCurrentClose, isUnauthorized } from './device';

function Figures({ totals }: { totals: CloseTotals[] }) {
  return (
    <>
      {totals.map((t) => (
        <dl key={t.currency} className="term-figures" data-testid={`term-figures-${t.currency}`}>
          <dt>Payments ({t.payments_count})</dt>
          <dd>{formatMoney(t.gross, t.currency)}</dd>
          <dt>Refunds ({t.refunds_count})</dt>
          <dd>−{formatMoney(t.refunds, t.currency)}</dd>
          <dt>Net</dt>
          <dd data-testid="term-net">
            <strong>{formatMoney(t.net, t.currency)}</strong>
          </dd>
          <dt>Grand total</dt>
          <dd>{formatMoney(t.grand_total, t.currency)}</dd>
        </dl>
      ))}
    </>
  );
}

/**
 * "Close the day" on the web terminal (issue 25 §1): the X report (figures since the last
 * close), then the close after a confirmation, and its Z report.
 */
export function CloseScreen(props: {
  device: Device;
  projectId: string;
  onDone: () => void;
  onRevoked: () => void;
}) {
  const [report, setReport] = useState<CurrentClose | null>(null);
  const [closed, setClosed] = useState<Close | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { device, projectId, onRevoked } = props;

  useEffect(() => {
    let gone = false;
    getCurrentClose(device, projectId).then(
      (r) => !gone && setReport(r),
      (e) => {
        if (isUnauthorized(e)) onRevoked();
        else if (!gone) setError((e as Error).message);
      },
    );
    return () => {
      gone = true;
    };
  }, [device, projectId, onRevoked]);

  const close = async () => {
    if (!window.confirm('Close the day? The close can never be changed; new payments go into the next one.'))
      return;
    setBusy(true);
    setError(null);
    try {
      setClosed(await closeDay(device));
    } catch (e) {
      if (isUnauthorized(e)) onRevoked();
      else setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="term-close" aria-labelledby="term-close-title">
      <h1 id="term-close-title">{closed ? `Close #${closed.number} made` : 'Today so far'}</h1>
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
            Done
          </button>
        </>
      ) : report ? (
        <>
          <p className="term-muted">
            Close #{report.number}
            {report.opened_at ? ` · since ${new Date(report.opened_at).toLocaleString()}` : ''}
          </p>
          <Figures totals={report.totals} />
          <div className="term-actions">
            <button type="button" className="term-link" onClick={props.onDone}>
              Back
            </button>
            <button type="button" className="term-primary" onClick={close} disabled={busy}>
              {busy ? 'Closing…' : 'Close the day'}
            </button>
          </div>
        </>
      ) : (
        !error && <p className="term-muted">Loading the figures…</p>
      )}
    </section>
  );
}
