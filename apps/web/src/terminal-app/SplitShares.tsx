import type { Tender } from '@scanline/contracts';
import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { formatMoney } from '../lib/money';

/** A share that may still be paid (or is being paid). */
const OPEN = new Set<Tender['status']>(['pending', 'processing']);

/** Each share's QR code in turn, the next open one shown as soon as the one on screen is paid. */
export function SplitShares({ tenders, currency }: { tenders: Tender[]; currency: string }) {
  const { t: tr } = useT();
  const [view, setView] = useState(0);
  const [qr, setQr] = useState<{ url: string; svg: string } | null>(null);
  const shown = tenders[view];
  const open = shown && OPEN.has(shown.status);
  // The share on screen was paid (or closed): on to the next open one, after it first.
  useEffect(() => {
    if (open) return;
    const next = [...tenders.slice(view + 1), ...tenders.slice(0, view)].find((x) => OPEN.has(x.status));
    if (next) setView(tenders.indexOf(next));
  }, [open, tenders, view]);

  const url = shown?.payment_url ?? null;
  useEffect(() => {
    if (!url) return;
    let live = true;
    // The same encoder and options as the single payment's code (PaymentScreen).
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toString(url, {
          type: 'svg',
          margin: 4,
          errorCorrectionLevel: 'M',
          color: { dark: '#000000', light: '#ffffff' },
        }),
      )
      .then(
        (svg) => live && setQr({ url, svg }),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [url]);

  if (!shown) return null;
  const money = (m: number) => formatMoney(m, currency);
  const paidCount = tenders.filter((x) => x.status === 'succeeded').length;
  const statusOf = (x: Tender) =>
    x.status === 'succeeded'
      ? tr('terminal.split.paid')
      : x.status === 'processing'
        ? tr('terminal.pay.processing')
        : x.status === 'pending'
          ? tr('terminal.split.waiting')
          : tr('terminal.split.closed');
  const amount = money(shown.amount);
  return (
    <>
      <p className="term-muted" data-testid="split-paid-count">
        {tr('terminal.split.paidCount', { paid: paidCount, count: tenders.length })}
      </p>
      <ol className="term-split-chips">
        {tenders.map((x, i) => (
          <li key={x.id}>
            <button
              type="button"
              className={`term-split-chip term-split-chip-${x.status}${i === view ? ' term-split-chip-on' : ''}`}
              aria-pressed={i === view}
              aria-label={tr('terminal.split.chip', { n: i + 1, status: statusOf(x) })}
              data-testid="split-chip"
              data-status={x.status}
              onClick={() => setView(i)}
            >
              <span aria-hidden="true">{x.status === 'succeeded' ? '✓' : i + 1}</span>
            </button>
          </li>
        ))}
      </ol>
      <h2 className="term-split-title" data-testid="split-share-title">
        {tr('terminal.split.share', { n: view + 1, count: tenders.length, amount })}
      </h2>
      {open && url ? (
        <>
          <div
            className="term-qr term-split-qr"
            data-testid="split-qr"
            role="img"
            aria-label={tr('terminal.split.shareQr', { n: view + 1, amount })}
          >
            {qr?.url === url ? (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is generated locally by the qrcode library
              <div dangerouslySetInnerHTML={{ __html: qr.svg }} />
            ) : (
              <span className="term-spinner" />
            )}
          </div>
          <p
            className="term-status"
            role="status"
            data-testid="split-share-status"
            data-status={shown.status}
          >
            {shown.status === 'processing' ? tr('terminal.pay.processing') : tr('terminal.split.scan')}
          </p>
          <a className="term-link" href={url} target="_blank" rel="noreferrer" data-testid="split-share-link">
            {tr('terminal.pay.here')}
          </a>
        </>
      ) : (
        <p
          className={`term-status term-split-done-${shown.status}`}
          role="status"
          data-testid="split-share-status"
          data-status={shown.status}
        >
          {statusOf(shown)}
          {shown.card_last4 && ` · •••• ${shown.card_last4}`}
        </p>
      )}
    </>
  );
}
