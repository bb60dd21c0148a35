import type { TerminalTransaction } from '@scanline/contracts';
import { useState } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { formatMoney, toMajorUnits, toMinorUnits } from '../lib/money';
import { PublicApiError } from '../lib/public-config';
import { type Device, isCashierRequired, isUnauthorized, refundAtCounter } from './device';

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
 * Issue 26 §2: the terminal's recent payments with "Refund". A refund from the device needs a
 * manager signed in; a cashier is told so (403 manager_required).
 */
export function RecentPayments(props: {
  device: Device;
  payments: RecentPayment[];
  onChange: (list: RecentPayment[]) => void;
  onRevoked: () => void;
  onCashierRequired: () => void;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState<{ tone: 'good' | 'bad'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useT();
  if (props.payments.length === 0) return null;

  const refund = async (p: RecentPayment) => {
    const minor = amount.trim() ? toMinorUnits(amount, p.currency) : undefined;
    if (minor === null || (minor !== undefined && minor <= 0)) {
      setMessage({ tone: 'bad', text: t('terminal.recent.enterAmount') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const done = await refundAtCounter(props.device, p.id, minor === undefined ? {} : { amount: minor });
      const list = props.payments.map((x) =>
        x.id === p.id ? { ...x, refunded: (x.refunded ?? 0) + done.amount } : x,
      );
      saveRecent(list);
      props.onChange(list);
      setOpen(null);
      setAmount('');
      setMessage({
        tone: 'good',
        text: t('terminal.recent.refunded', { amount: formatMoney(done.amount, done.currency) }),
      });
    } catch (e) {
      if (isUnauthorized(e)) props.onRevoked();
      else if (isCashierRequired(e)) props.onCashierRequired();
      else if (e instanceof PublicApiError && e.code === 'manager_required')
        setMessage({ tone: 'bad', text: t('terminal.recent.managerRequired') });
      else setMessage({ tone: 'bad', text: (e as Error).message });
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
              <button
                type="button"
                className="term-link"
                onClick={() => {
                  setOpen(open === p.id ? null : p.id);
                  setAmount('');
                  setMessage(null);
                }}
              >
                {t('terminal.recent.refund')}
              </button>
            </div>
            {open === p.id && (
              <div className="term-refund">
                <label>
                  <span>{t('terminal.recent.amount')}</span>
                  <input
                    inputMode="decimal"
                    value={amount}
                    onChange={(e) => setAmount(e.target.value)}
                    placeholder={toMajorUnits(p.amount_total, p.currency)}
                  />
                </label>
                <button type="button" className="term-primary" disabled={busy} onClick={() => refund(p)}>
                  {busy ? t('terminal.recent.refunding') : t('terminal.recent.refund')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
