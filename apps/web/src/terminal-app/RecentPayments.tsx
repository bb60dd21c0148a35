import type { TerminalTransaction } from '@scanline/contracts';
import { type FormEvent, useState } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { formatMoney, toMinorUnits } from '../lib/money';
import { PublicApiError } from '../lib/public-config';
import { type Device, isCashierRequired, isUnauthorized, refundAtCounter } from './device';
import { errorText } from './error-text';

/** What the terminal keeps of a payment it took, to refund it at the counter. */
export interface RecentPayment {
  id: string;
  amount_total: number;
  currency: string;
  reference: string | null;
  cashier_name: string | null;
  created_at: string;
  refunded?: number;
}

const RECENT_KEY = 'scanline.terminal.recent';
const RECENT_MAX = 8;

export function loadRecent(): RecentPayment[] {
  try {
    const list = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as RecentPayment[];
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** Keeps the newest RECENT_MAX payments this browser took; returns the new list. */
export function rememberPayment(t: TerminalTransaction): RecentPayment[] {
  const list = loadRecent().filter((p) => p.id !== t.id);
  const next = [
    {
      id: t.id,
      amount_total: t.amount_total,
      currency: t.currency,
      reference: t.reference,
      cashier_name: t.cashier_name,
      created_at: t.created_at,
    },
    ...list,
  ].slice(0, RECENT_MAX);
  localStorage.setItem(RECENT_KEY, JSON.stringify(next));
  return next;
}

const saveRecent = (list: RecentPayment[]) => localStorage.setItem(RECENT_KEY, JSON.stringify(list));

/**
 * The terminal's recent payments with "Refund", for a manager only (the server says 403
 * manager_required to anyone else): a cashier sees how to call one instead of a form that fails
 * after submitting. The amount (empty: all that is left) is confirmed, shown, before the refund.
 */
export function RecentPayments(props: {
  device: Device;
  payments: RecentPayment[];
  /** A manager is signed in here: the only one the refund form is offered to. */
  canRefund: boolean;
  onChange: (list: RecentPayment[]) => void;
  onRevoked: () => void;
  onCashierRequired: () => void;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState<{ tone: 'good' | 'bad'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  /** The amount to refund, in minor units, once reviewed: the confirmation step shows it. */
  const [confirming, setConfirming] = useState<number | null>(null);
  const { t } = useT();
  if (props.payments.length === 0) return null;

  const left = (p: RecentPayment) => Math.max(0, p.amount_total - (p.refunded ?? 0));
  const review = (e: FormEvent, p: RecentPayment) => {
    e.preventDefault();
    const minor = amount.trim() ? toMinorUnits(amount, p.currency) : left(p);
    if (minor === null || minor <= 0 || minor > left(p)) {
      setMessage({ tone: 'bad', text: t('terminal.recent.enterAmount') });
      return;
    }
    setMessage(null);
    setConfirming(minor);
  };

  const refund = async (p: RecentPayment, minor: number) => {
    setBusy(true);
    setMessage(null);
    try {
      const done = await refundAtCounter(props.device, p.id, { amount: minor });
      const list = props.payments.map((x) =>
        x.id === p.id ? { ...x, refunded: (x.refunded ?? 0) + done.amount } : x,
      );
      saveRecent(list);
      props.onChange(list);
      setOpen(null);
      setAmount('');
      setConfirming(null);
      setMessage({
        tone: 'good',
        text: t('terminal.recent.refunded', { amount: formatMoney(done.amount, done.currency) }),
      });
    } catch (e) {
      if (isUnauthorized(e)) props.onRevoked();
      else if (isCashierRequired(e)) props.onCashierRequired();
      else if (e instanceof PublicApiError && e.code === 'manager_required')
        setMessage({ tone: 'bad', text: t('terminal.recent.managerRequired') });
      else setMessage({ tone: 'bad', text: errorText(e, t) });
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="term-panel term-recent" aria-label={t('terminal.recent.title')}>
      <h2>{t('terminal.recent.title')}</h2>
      {message && (
        <p
          className={message.tone === 'good' ? 'term-ok' : 'term-error'}
          role="status"
          data-testid="refund-message"
        >
          {message.text}
        </p>
      )}
      {!props.canRefund && (
        <p className="term-muted" data-testid="refund-call-manager">
          {t('terminal.recent.callManager')}
        </p>
      )}
      <ul>
        {props.payments.map((p) => (
          <li key={p.id} data-testid="recent-payment">
            <div className="term-recent-row">
              <span>
                <strong>{formatMoney(p.amount_total, p.currency)}</strong>
                {p.reference && <span className="term-muted"> · {p.reference}</span>}
                {p.cashier_name && <span className="term-muted"> · {p.cashier_name}</span>}
                {p.refunded ? (
                  <span className="term-muted">
                    {' '}
                    · {t('terminal.recent.refundedShort', { amount: formatMoney(p.refunded, p.currency) })}
                  </span>
                ) : null}
              </span>
              {props.canRefund && left(p) > 0 && (
                <button
                  type="button"
                  className="term-link"
                  aria-expanded={open === p.id}
                  onClick={() => {
                    setOpen(open === p.id ? null : p.id);
                    setAmount('');
                    setConfirming(null);
                    setMessage(null);
                  }}
                >
                  {t('terminal.recent.refund')}
                </button>
              )}
            </div>
            {props.canRefund && open === p.id && confirming === null && (
              // A form, so Enter in the amount submits it (to the confirmation, never straight to a refund).
              <form className="term-refund" onSubmit={(e) => review(e, p)}>
                <label>
                  <span>{t('terminal.recent.amount')}</span>
                  <input
                    inputMode="decimal"
                    autoComplete="off"
                    value={amount}
                    onChange={(e) => setAmount(e.target.value)}
                  />
                </label>
                <button type="submit" className="term-primary">
                  {t('terminal.recent.review')}
                </button>
              </form>
            )}
            {props.canRefund && open === p.id && confirming !== null && (
              <div className="term-refund">
                <p data-testid="refund-confirm">
                  {t('terminal.recent.confirm', { amount: formatMoney(confirming, p.currency) })}
                </p>
                <button
                  type="button"
                  className="term-link"
                  disabled={busy}
                  onClick={() => setConfirming(null)}
                >
                  {t('terminal.recent.back')}
                </button>
                <button
                  type="button"
                  className="term-primary"
                  disabled={busy}
                  onClick={() => refund(p, confirming)}
                >
                  {busy
                    ? t('terminal.recent.refunding')
                    : t('terminal.recent.confirmButton', { amount: formatMoney(confirming, p.currency) })}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
