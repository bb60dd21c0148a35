import type { TenderResult, TerminalTransaction } from '@scanline/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { formatMoney } from '../lib/money';
import type { MessageId } from '../messages/keys';
import { CashTender } from './CashTender';

// Opened only when a cash tender finds the drawer closed.
const DrawerScreen = lazy(() => import('./DrawerScreen').then((m) => ({ default: m.DrawerScreen })));
// Splitting the bill (docs/guide/tenders.md#splitting-the-bill), loaded when chosen.
const SplitScreen = lazy(() => import('./SplitScreen').then((m) => ({ default: m.SplitScreen })));

import { brandName, walletName } from '@scanline/contracts/card-names';
import {
  cancelTransaction,
  type Device,
  getTransaction,
  isCashierRequired,
  isUnauthorized,
  watchTransaction,
} from './device';
import { declineText, errorText, failureText } from './error-text';

const WAITING = new Set(['pending', 'processing', 'requires_action']);

/** The QR code of `payment_url` with the amount, the status live from the events stream, then the result. */
export function PaymentScreen(props: {
  device: Device;
  transactionId: string;
  onDone: () => void;
  onRevoked: () => void;
  /** A paid transaction, for the recent payments (refunds at the counter). */
  onSettled?: (t: TerminalTransaction) => void;
  /** The cashier's session ended: lock the terminal. */
  onCashierRequired?: () => void;
  /** The result, for the terminal's live region (screen readers). */
  onAnnounce?: (text: string) => void;
  /** Staff sign in here and no manager is: paid out and no sale on the drawer need a manager. */
  needsManager?: boolean;
}) {
  const { device, transactionId, onRevoked, onSettled } = props;
  const [t, setT] = useState<TerminalTransaction | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [stream, setStream] = useState<'open' | 'reconnecting'>('open');
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  // Card (the QR code, as before) or cash handed over at the counter (docs/guide/tenders.md).
  const [method, setMethod] = useState<'card' | 'cash' | 'split'>('card');
  const [cash, setCash] = useState<TenderResult | null>(null);
  const [drawer, setDrawer] = useState(false);
  const { t: tr } = useT();

  useEffect(() => {
    getTransaction(device, transactionId).then(setT, (e) =>
      isUnauthorized(e) ? onRevoked() : setError(errorText(e, tr)),
    );
    return watchTransaction(device, transactionId, setT, setStream, onRevoked);
  }, [device, transactionId, onRevoked, tr]);

  const url = t?.payment_url;
  useEffect(() => {
    if (!url) return;
    // Black on white whatever the theme, a 4-module quiet zone and medium error correction:
    // phones (and a screenshot decoder) read it from across a counter. The encoder is loaded
    // here, not with the keypad's first paint (TerminalApp prefetches it once idle).
    loadQrEncoder()
      .then((QRCode) =>
        QRCode.toString(url, {
          type: 'svg',
          margin: 4,
          errorCorrectionLevel: 'M',
          color: { dark: '#000000', light: '#ffffff' },
        }),
      )
      .then(setQr, () => setError(tr('terminal.pay.qrFailed')));
  }, [url, tr]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const settled = t && (t.status === 'succeeded' || t.status === 'partially_refunded') ? t : null;
  useEffect(() => {
    if (settled) onSettled?.(settled);
  }, [settled, onSettled]);

  if (error && !t)
    return (
      <section className="term-panel term-result term-result-bad">
        <p role="alert">{error}</p>
        <button type="button" className="term-primary" onClick={props.onDone}>
          {tr('terminal.pay.back')}
        </button>
      </section>
    );
  if (!t)
    return (
      <section className="term-panel term-result" role="status" aria-label={tr('common.loading')}>
        <span className="term-spinner" />
      </section>
    );

  // Once paid with a tip, what was charged (the order amount + the tip).
  const amount = formatMoney(t.amount_total, t.currency);
  // A split stays on its screen while shares are paid (`partially_paid`), until paid or canceled.
  const splitting = method === 'split' && (WAITING.has(t.status) || t.status === 'partially_paid');
  if (!WAITING.has(t.status) && !splitting)
    return (
      <Result
        t={t}
        amount={amount}
        change={cash?.transaction.id === t.id ? cash.tender.change : null}
        onDone={props.onDone}
        onAnnounce={props.onAnnounce}
      />
    );
  // The cash tender found the drawer closed: open it here, then back to the cash.
  if (drawer)
    return (
      <Suspense fallback={null}>
        <DrawerScreen
          device={device}
          needsManager={props.needsManager === true}
          onDone={() => setDrawer(false)}
          onRevoked={onRevoked}
          onCashierRequired={props.onCashierRequired}
        />
      </Suspense>
    );

  if (splitting)
    return (
      <section className="term-panel term-pay" aria-label={tr('terminal.split.label')}>
        <p className="term-pay-amount" data-testid="payment-amount">
          {amount}
        </p>
        <Suspense fallback={<span className="term-spinner" />}>
          <SplitScreen
            device={device}
            transaction={t}
            onTransaction={setT}
            onCashPaid={(r) => {
              setCash(r);
              setT(r.transaction);
            }}
            onOpenDrawer={() => setDrawer(true)}
            onBack={() => setMethod('card')}
            onRevoked={onRevoked}
            onCashierRequired={props.onCashierRequired}
          />
        </Suspense>
      </section>
    );

  const left = Math.max(0, Math.floor((new Date(t.expires_at).getTime() - now) / 1000));
  // A declined card sends the payment back to pending; the same code takes another.
  const declined = t.status === 'pending' && t.last_payment_error;
  const statusText =
    t.status === 'processing'
      ? tr('terminal.pay.processing')
      : t.status === 'requires_action'
        ? tr('terminal.pay.authenticating')
        : declined
          ? tr('terminal.pay.declined')
          : tr('terminal.pay.scan');
  return (
    <section className="term-panel term-pay" aria-label={tr('terminal.pay.label')}>
      <p className="term-pay-amount" data-testid="payment-amount">
        {amount}
      </p>
      {/* Cash needs nothing in flight: a card payment being processed is left to finish. */}
      {t.status === 'pending' && (
        <fieldset className="term-methods">
          <legend className="sr-only">{tr('terminal.pay.method')}</legend>
          {(['card', 'cash', 'split'] as const).map((m) => (
            <button
              key={m}
              type="button"
              className={`term-method${method === m ? ' term-method-on' : ''}`}
              aria-pressed={method === m}
              onClick={() => setMethod(m)}
              data-testid={`method-${m}`}
            >
              {tr(
                m === 'card'
                  ? 'terminal.pay.card'
                  : m === 'cash'
                    ? 'terminal.pay.cash'
                    : 'terminal.pay.split',
              )}
            </button>
          ))}
        </fieldset>
      )}
      {method === 'cash' && t.status === 'pending' ? (
        <CashTender
          device={device}
          transaction={t}
          onPaid={(r) => {
            setCash(r);
            setT(r.transaction);
          }}
          onOpenDrawer={() => setDrawer(true)}
          onRevoked={onRevoked}
          onCashierRequired={props.onCashierRequired}
        />
      ) : (
        <>
          <div
            className="term-qr"
            data-testid="payment-qr"
            role="img"
            aria-label={tr('terminal.pay.qr', { amount })}
          >
            {qr ? (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is generated locally by the qrcode library
              <div dangerouslySetInnerHTML={{ __html: qr }} />
            ) : (
              <span className="term-spinner" />
            )}
          </div>
          <p
            className={`term-status${declined ? ' term-status-declined' : ''}`}
            role="status"
            data-testid="payment-status"
            data-status={declined ? 'declined' : t.status}
          >
            {statusText}
          </p>
          {declined && t.last_payment_error && (
            <p className="term-muted">{declineText(t.last_payment_error, tr)}</p>
          )}
          {/* The shopper may pay on this screen too (and a tester needs no phone): the same page the code opens. */}
          <a
            className="term-link"
            href={t.payment_url}
            target="_blank"
            rel="noreferrer"
            data-testid="payment-link"
          >
            {tr('terminal.pay.here')}
          </a>
        </>
      )}
      <p className="term-muted">
        {tr('terminal.pay.expires', {
          time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`,
        })}
        {stream === 'reconnecting' && ` · ${tr('terminal.pay.reconnecting')}`}
        {t.reference && ` · ${t.reference}`}
      </p>
      {error && (
        <p className="term-error" role="alert">
          {error}
        </p>
      )}
      {t.status !== 'processing' && (
        <button
          type="button"
          className="term-secondary"
          onClick={() =>
            cancelTransaction(device, t.id).then(setT, (e) =>
              isUnauthorized(e)
                ? onRevoked()
                : isCashierRequired(e)
                  ? props.onCashierRequired?.()
                  : setError(errorText(e, tr)),
            )
          }
        >
          {tr('common.cancel')}
        </button>
      )}
    </section>
  );
}

function Result({
  t,
  amount,
  change,
  onDone,
  onAnnounce,
}: {
  t: TerminalTransaction;
  amount: string;
  /** Paid in cash here: the change to hand back (the tender's own `change`). */
  change: number | null;
  onDone: () => void;
  onAnnounce?: (text: string) => void;
}) {
  const good = t.status === 'succeeded' || t.status === 'partially_refunded' || t.status === 'refunded';
  const { t: tr } = useT();
  // Back to the keypad by itself after a while, so the till is ready for the next customer.
  useEffect(() => {
    const timer = setTimeout(onDone, good ? 15_000 : 30_000);
    return () => clearTimeout(timer);
  }, [good, onDone]);
  const titles: Record<string, MessageId> = {
    failed: 'terminal.result.failed',
    expired: 'terminal.result.expired',
    canceled: 'terminal.result.canceled',
  };
  const titleId = titles[t.status];
  const title = good ? tr('terminal.result.success') : titleId ? tr(titleId) : t.status;
  const detail = good
    ? change !== null
      ? `${amount} · ${tr('terminal.pay.cash')}`
      : `${amount}${t.card_last4 ? ` · ${walletName(t.card_wallet) ?? brandName(t.card_brand) ?? tr('terminal.result.card')} •••• ${t.card_last4}` : ''}`
    : t.status === 'failed'
      ? failureText(t.failure_code, tr)
      : t.status === 'expired'
        ? tr('terminal.result.nobodyPaid')
        : tr('terminal.result.noMoney');
  const changeText =
    good && change !== null
      ? tr('terminal.cash.giveChange', { amount: formatMoney(change, t.currency) })
      : '';
  useEffect(
    () => onAnnounce?.(`${title}. ${detail}${changeText ? `. ${changeText}` : ''}`),
    [onAnnounce, title, detail, changeText],
  );
  return (
    <section
      className={`term-panel term-result term-result-${good ? 'good' : t.status === 'failed' ? 'bad' : 'neutral'}`}
      data-testid="payment-result"
      data-status={t.status}
    >
      <div className="term-result-icon" aria-hidden="true">
        {good ? '✓' : t.status === 'failed' ? '✕' : '–'}
      </div>
      <h1>{title}</h1>
      <p data-testid="payment-result-amount">{detail}</p>
      {changeText && (
        <p className="term-change term-change-result" data-testid="payment-result-change">
          <span>{tr('terminal.cash.change')}</span>
          <strong>{formatMoney(change ?? 0, t.currency)}</strong>
        </p>
      )}
      {good && t.tip_amount > 0 && (
        <p className="term-muted" data-testid="payment-result-tip">
          {tr('terminal.result.tip', {
            amount: formatMoney(t.amount, t.currency),
            tip: formatMoney(t.tip_amount, t.currency),
          })}
        </p>
      )}
      {t.cashier_name && (
        <p className="term-muted">{tr('terminal.result.servedBy', { name: t.cashier_name })}</p>
      )}
      <button type="button" className="term-primary" onClick={onDone}>
        {tr('terminal.result.new')}
      </button>
    </section>
  );
}

/** The QR encoder (8 KB of brotli), outside the terminal's first scripts. */
export const loadQrEncoder = () => import('qrcode').then((m) => m.default);
