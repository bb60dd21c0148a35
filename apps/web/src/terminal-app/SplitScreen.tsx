import type { Tender, TenderResult, TerminalTransaction } from '@scanline/contracts';
import { SPLIT_SHARES_MAX, SPLIT_SHARES_MIN, splitShares } from '@scanline/contracts/tenders';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { formatMoney } from '../lib/money';
import { CashTender } from './CashTender';
import { cancelTransaction, type Device, isCashierRequired, isUnauthorized, splitBill } from './device';
import { errorText } from './error-text';
import { SplitShares } from './SplitShares';
import './split-screen.css';

/** The split this transaction was given, kept for this tab: its key answers the same shares again. */
interface Plan {
  key: string;
  shares: number;
}
const planKey = (id: string) => `scanline.terminal.split.${id}`;
const loadPlan = (id: string): Plan | null => {
  try {
    const p = JSON.parse(sessionStorage.getItem(planKey(id)) ?? 'null') as Plan | null;
    return p && typeof p.key === 'string' && Number.isInteger(p.shares) ? p : null;
  } catch {
    return null;
  }
};
/** The safe choice of the cancel question takes the focus when it appears (keyboard users). */
const focusOnShow = (el: HTMLButtonElement | null) => el?.focus();
/** How often the shares are asked for again besides the transaction's own stream. */
const REFRESH_MS = 4000;

/**
 * Splitting the bill on the web terminal (docs/guide/tenders.md#splitting-the-bill): how many
 * shares, then each share's QR code in turn with what is left to pay, live as shares land (the
 * transaction's events stream, and the split asked again under its own Idempotency-Key for each
 * share's status), the rest in cash through the cash tender, or a cancel that refunds the shares
 * paid, asked first.
 */
export function SplitScreen(props: {
  device: Device;
  transaction: TerminalTransaction;
  /** A newer state of the transaction than the stream gave (a share answered first). */
  onTransaction: (t: TerminalTransaction) => void;
  onCashPaid: (r: TenderResult) => void;
  onOpenDrawer: () => void;
  /** Back to the card or cash choice, before any share is made. */
  onBack: () => void;
  onRevoked: () => void;
  onCashierRequired?: () => void;
}) {
  const { device, transaction: t, onTransaction, onRevoked, onCashierRequired } = props;
  const { t: tr } = useT();
  const [plan, setPlan] = useState<Plan | null>(() => loadPlan(t.id));
  const [tenders, setTenders] = useState<Tender[] | null>(null);
  const [count, setCount] = useState(SPLIT_SHARES_MIN);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cash, setCash] = useState(false);
  const [asking, setAsking] = useState(false);
  const latest = useRef(t);
  latest.current = t;

  const fail = useCallback(
    (e: unknown) => {
      if (isUnauthorized(e)) onRevoked();
      else if (isCashierRequired(e)) onCashierRequired?.();
      else setError(errorText(e, tr));
    },
    [onRevoked, onCashierRequired, tr],
  );

  const ask = useCallback(
    async (p: Plan) => {
      const r = await splitBill(device, t.id, p.shares, p.key);
      setTenders(r.tenders);
      if (new Date(r.transaction.updated_at) > new Date(latest.current.updated_at))
        onTransaction(r.transaction);
    },
    [device, t.id, onTransaction],
  );

  // The shares as they are now: at once, whenever the transaction changes, and every few seconds.
  const paid = t.amount_paid;
  const updated = t.updated_at;
  useEffect(() => {
    if (!plan) return;
    void updated;
    void paid;
    ask(plan).catch(fail);
    const timer = setInterval(() => ask(plan).catch(() => undefined), REFRESH_MS);
    return () => clearInterval(timer);
  }, [plan, ask, fail, paid, updated]);

  const split = () => {
    if (busy) return;
    const p = { key: crypto.randomUUID(), shares: count };
    // Kept before asking: a lost answer is asked again with the same key, never split twice.
    sessionStorage.setItem(planKey(t.id), JSON.stringify(p));
    setBusy(true);
    setError(null);
    ask(p)
      .then(() => setPlan(p))
      .catch((e) => {
        sessionStorage.removeItem(planKey(t.id));
        fail(e);
      })
      .finally(() => setBusy(false));
  };

  const cancel = () => {
    setBusy(true);
    cancelTransaction(device, t.id)
      .then((c) => {
        sessionStorage.removeItem(planKey(t.id));
        onTransaction(c);
      }, fail)
      .finally(() => setBusy(false));
  };

  const due = t.amount_due;
  const money = (m: number) => formatMoney(m, t.currency);
  const errorBox = error && (
    <p className="term-error" role="alert">
      {error}
    </p>
  );

  if (!plan) {
    const most = Math.min(SPLIT_SHARES_MAX, due);
    const preview = splitShares(due, count) ?? [];
    const high = preview[0] ?? 0;
    const low = preview[preview.length - 1] ?? 0;
    return (
      <div className="term-split" data-testid="split-choose">
        <h2 className="term-split-title">{tr('terminal.split.label')}</h2>
        <p className="term-muted">{tr('terminal.cash.due', { amount: money(due) })}</p>
        <fieldset className="term-split-stepper">
          <legend>{tr('terminal.split.shares')}</legend>
          <button
            type="button"
            className="term-split-step"
            aria-label={tr('terminal.split.fewer')}
            disabled={count <= SPLIT_SHARES_MIN}
            onClick={() => setCount((c) => Math.max(SPLIT_SHARES_MIN, c - 1))}
          >
            −
          </button>
          <output className="term-split-count" aria-live="polite" data-testid="split-count">
            {tr('terminal.split.count', { count })}
          </output>
          <button
            type="button"
            className="term-split-step"
            aria-label={tr('terminal.split.more')}
            disabled={count >= most}
            onClick={() => setCount((c) => Math.min(most, c + 1))}
          >
            +
          </button>
        </fieldset>
        <p className="term-split-each" data-testid="split-each">
          {high === low
            ? tr('terminal.split.each', { amount: money(high) })
            : tr('terminal.split.eachRange', { high: money(high), low: money(low) })}
        </p>
        {errorBox}
        <button
          type="button"
          className="term-primary"
          onClick={split}
          disabled={busy || preview.length === 0}
        >
          {busy ? tr('terminal.split.splitting') : tr('terminal.split.start', { count })}
        </button>
        <button type="button" className="term-secondary" onClick={props.onBack}>
          {tr('terminal.pay.back')}
        </button>
      </div>
    );
  }

  if (cash)
    return (
      <div className="term-split" data-testid="split-cash">
        <CashTender
          device={device}
          transaction={t}
          onPaid={props.onCashPaid}
          onOpenDrawer={props.onOpenDrawer}
          onRevoked={onRevoked}
          onCashierRequired={onCashierRequired}
        />
        <button type="button" className="term-secondary" onClick={() => setCash(false)}>
          {tr('terminal.split.backToShares')}
        </button>
      </div>
    );

  return (
    <div className="term-split" data-testid="split-shares">
      <p className="term-split-left" data-testid="split-due">
        {tr('terminal.split.left', { amount: money(due) })}
      </p>
      {/* While the cancel is asked, no code to scan: nobody pays a share about to be refunded. */}
      {asking ? null : tenders ? (
        <SplitShares tenders={tenders} currency={t.currency} />
      ) : (
        <span className="term-spinner" role="status" aria-label={tr('common.loading')} />
      )}
      {errorBox}
      {asking ? (
        <div
          className="term-split-confirm"
          role="alertdialog"
          aria-labelledby="term-split-ask"
          data-testid="split-confirm"
        >
          <p id="term-split-ask" className="term-split-title">
            {tr('terminal.split.cancelAsk')}
          </p>
          <p>
            {t.amount_paid > 0
              ? tr('terminal.split.cancelRefund', { amount: money(t.amount_paid) })
              : tr('terminal.split.cancelNothing')}
          </p>
          <button type="button" className="term-primary term-split-danger" onClick={cancel} disabled={busy}>
            {tr('terminal.split.cancelYes')}
          </button>
          <button type="button" className="term-secondary" onClick={() => setAsking(false)} ref={focusOnShow}>
            {tr('terminal.split.keep')}
          </button>
        </div>
      ) : (
        <div className="term-split-actions">
          <button type="button" className="term-secondary" onClick={() => setCash(true)} disabled={due <= 0}>
            {tr('terminal.split.restCash', { amount: money(due) })}
          </button>
          <button type="button" className="term-secondary" onClick={() => setAsking(true)}>
            {tr('common.cancel')}
          </button>
        </div>
      )}
    </div>
  );
}
