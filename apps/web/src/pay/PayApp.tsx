import type { PayResponse, ShopperScan, TransactionStatus } from '@scanline/contracts';
import { isFinalTransactionStatus } from '@scanline/contracts/payment-constants';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { formatMoney } from '../lib/money';
import type { PublicApiError } from '../lib/public-config';
import { confirm, openScan, pay, readScan } from './api';
import { CardForm } from './CardForm';
import { ReceiptOffer } from './ReceiptOffer';
import { TipPicker } from './TipPicker';

// Stripe.js is fetched only for a Stripe business, never for the simulator's form.
const StripeForm = lazy(() => import('./StripeForm'));

type Screen =
  | { kind: 'loading' }
  | { kind: 'error'; title: string; message: string }
  | { kind: 'form'; failure?: string }
  | { kind: 'authenticate'; confirmUrl?: string }
  | { kind: 'processing' }
  | { kind: 'done'; status: TransactionStatus; message?: string; receiptUrl?: string | null }
  /** The code was already paid, expired or canceled when it was opened. */
  | { kind: 'closed'; status: TransactionStatus };

/**
 * Why the last card was declined, and that another may be tried (issue 15 §3), said once: the
 * provider's messages already end "Try another card…" (issue 31 §15).
 */
export function declinedText(error: { message: string } | null | undefined): string | undefined {
  if (!error) return undefined;
  const message = error.message.trim() || 'Your card was declined.';
  return /another card/i.test(message) ? message : `${message.replace(/\.?$/, '.')} Try another card.`;
}

/** What a shopper reads for a code that cannot be paid any more. */
function closedText(status: TransactionStatus): { title: string; message: string } {
  switch (status) {
    case 'succeeded':
    case 'partially_refunded':
    case 'refunded':
      return { title: 'Already paid', message: 'This code has been paid. There is nothing more to do.' };
    case 'expired':
      return { title: 'This code has expired', message: 'Ask the merchant to show a new code.' };
    case 'canceled':
      return { title: 'This payment was canceled', message: 'The merchant canceled it. Ask for a new code.' };
    case 'failed':
      return { title: 'This payment failed', message: 'Ask the merchant to show a new code to try again.' };
    default:
      return { title: 'Payment in progress', message: 'This payment is being processed.' };
  }
}

export function PayApp({ token }: { token: string }) {
  const [scan, setScan] = useState<ShopperScan | null>(null);
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });
  // Issue 26 §1: the shopper's tip in minor units (a retry after a decline may change it).
  const [tip, setTip] = useState(0);
  // Each decline draws a fresh card form (issue 31 §15): the declined number is not kept.
  const [declines, setDeclines] = useState(0);

  useEffect(() => {
    if (!token) {
      setScreen({ kind: 'error', title: 'No payment code', message: 'Scan the code shown by the terminal.' });
      return;
    }
    openScan(token).then(
      (s) => {
        setScan(s);
        const status = s.transaction.status;
        if (status === 'pending')
          setScreen({ kind: 'form', failure: declinedText(s.transaction.last_payment_error) });
        else if (status === 'requires_action') setScreen({ kind: 'authenticate' });
        else if (status === 'processing') setScreen({ kind: 'processing' });
        else setScreen({ kind: 'closed', status });
      },
      (e: PublicApiError) =>
        setScreen(
          e.status === 404
            ? {
                kind: 'error',
                title: 'Unknown code',
                message: 'This payment code is not valid. Scan the code on the terminal again.',
              }
            : e.status === 429
              ? {
                  kind: 'error',
                  title: 'Too many attempts',
                  message: 'Wait a minute, then scan the code again.',
                }
              : { kind: 'error', title: 'Something went wrong', message: e.message },
        ),
    );
  }, [token]);

  // While the provider works (or Stripe's webhook is on its way), read the scan's status.
  useEffect(() => {
    if (screen.kind !== 'processing' || !scan) return;
    const timer = setInterval(() => {
      readScan(scan.id).then(
        (s) => {
          const status = s.transaction.status;
          if (isFinalTransactionStatus(status))
            setScreen({ kind: 'done', status, receiptUrl: s.transaction.receipt_url });
          else if (status === 'requires_action') setScreen({ kind: 'authenticate' });
          else if (status === 'pending')
            setScreen({ kind: 'form', failure: declinedText(s.transaction.last_payment_error) });
        },
        () => {},
      );
    }, 1500);
    return () => clearInterval(timer);
  }, [screen.kind, scan]);

  const onAnswer = useCallback((answer: PayResponse) => {
    if (answer.status === 'succeeded')
      setScreen({ kind: 'done', status: 'succeeded', receiptUrl: answer.receipt_url });
    else if (answer.status === 'requires_action')
      setScreen({ kind: 'authenticate', confirmUrl: answer.next_action?.confirm_url });
    else if (answer.status === 'processing') setScreen({ kind: 'processing' });
    // Issue 15 §3: declined, but the same code takes another card.
    else if (answer.status === 'pending') {
      setDeclines((n) => n + 1);
      setScreen({ kind: 'form', failure: declinedText(answer.last_payment_error) });
    } else
      setScreen({
        kind: 'done',
        status: 'failed',
        message: answer.failure_message ?? 'Your card was declined.',
      });
  }, []);

  const onError = useCallback(
    (e: unknown) => {
      const err = e as PublicApiError;
      // The transaction moved on under us (expired, canceled, paid elsewhere): say which.
      if (err.status === 409 && scan) {
        readScan(scan.id).then(
          (s) => {
            const status = s.transaction.status;
            if (status === 'processing') setScreen({ kind: 'processing' });
            else if (status === 'requires_action') setScreen({ kind: 'authenticate' });
            else if (status === 'pending') setScreen({ kind: 'form', failure: err.message });
            else setScreen({ kind: 'closed', status });
          },
          () => setScreen({ kind: 'form', failure: err.message }),
        );
        return;
      }
      setScreen({ kind: 'form', failure: err.message });
    },
    [scan],
  );

  // Stripe's Payment Element confirms in the browser for the order amount: tips are asked on
  // the pages whose payment the server confirms (the simulator's card form).
  const tipping = scan?.provider === 'stripe' ? null : (scan?.tipping ?? null);
  const paidTip = scan?.transaction.tip_amount ?? 0;
  const shownTip = screen.kind === 'form' ? (tipping ? tip : 0) : Math.max(paidTip, tipping ? tip : 0);
  const order = scan ? formatMoney(scan.transaction.amount, scan.transaction.currency) : '';
  const amount = scan ? formatMoney(scan.transaction.amount + shownTip, scan.transaction.currency) : '';
  return (
    <main className="pay">
      <header className="pay-merchant">
        <div className="pay-logo" aria-hidden="true">
          {(scan?.merchant.name ?? 'S').slice(0, 1).toUpperCase()}
        </div>
        <div>
          <p className="pay-merchant-name">{scan?.merchant.name ?? 'Scanline'}</p>
          {scan && <p className="pay-muted">{scan.terminal.label}</p>}
        </div>
      </header>
      {scan && (
        <section className="pay-amount" aria-label="Amount to pay">
          <p className="pay-muted">{shownTip > 0 ? 'Total' : 'Amount'}</p>
          <p className="pay-amount-value" data-testid="pay-amount">
            {amount}
          </p>
          {shownTip > 0 && (
            <p className="pay-muted" data-testid="pay-tip-line">
              {order} + {formatMoney(shownTip, scan.transaction.currency)} tip
            </p>
          )}
          {scan.transaction.note && (
            <p className="pay-note" data-testid="pay-note">
              <span className="pay-muted">Note</span> {scan.transaction.note}
            </p>
          )}
        </section>
      )}
      <section className="pay-card">
        {screen.kind === 'loading' && (
          <div className="pay-loading" role="status" aria-label="Loading">
            <span className="pay-spinner" />
          </div>
        )}
        {screen.kind === 'error' && (
          <Result icon="!" tone="bad" title={screen.title} message={screen.message} />
        )}
        {screen.kind === 'form' && scan && (
          <>
            {screen.failure && (
              <p className="pay-alert" role="alert">
                {screen.failure}
              </p>
            )}
            {tipping && (
              <TipPicker tipping={tipping} currency={scan.transaction.currency} tip={tip} onChange={setTip} />
            )}
            {scan.provider === 'stripe' && scan.stripe ? (
              <Suspense fallback={<span className="pay-spinner" />}>
                <StripeForm
                  stripe={scan.stripe}
                  amount={amount}
                  // Stripe.js handled the card (and any 3-D Secure step): the server now retrieves
                  // the PaymentIntent and answers the final status.
                  onPaid={() => {
                    setScreen({ kind: 'processing' });
                    confirm(scan.id, undefined).then(onAnswer, () => {});
                  }}
                  onError={(message) => setScreen({ kind: 'form', failure: message })}
                />
              </Suspense>
            ) : (
              <CardForm
                key={declines}
                retry={declines > 0}
                amount={amount}
                onSubmit={(paymentMethod) =>
                  pay(scan.id, paymentMethod, tipping ? tip : 0).then(onAnswer, onError)
                }
              />
            )}
          </>
        )}
        {screen.kind === 'authenticate' && scan && (
          <Authenticate
            amount={amount}
            merchant={scan.merchant.name}
            onConfirm={() => confirm(scan.id, screen.confirmUrl).then(onAnswer, onError)}
          />
        )}
        {screen.kind === 'processing' && (
          <div className="pay-loading" role="status">
            <span className="pay-spinner" />
            <p>Processing your payment…</p>
          </div>
        )}
        {screen.kind === 'closed' && (
          <Result
            icon={screen.status === 'expired' ? '!' : 'i'}
            tone="neutral"
            title={closedText(screen.status).title}
            message={closedText(screen.status).message}
          />
        )}
        {screen.kind === 'done' && <Done status={screen.status} amount={amount} message={screen.message} />}
        {screen.kind === 'done' && screen.receiptUrl && scan && (
          <ReceiptOffer scanId={scan.id} receiptUrl={screen.receiptUrl} />
        )}
        {screen.kind === 'closed' && scan?.transaction.receipt_url && (
          <ReceiptOffer scanId={scan.id} receiptUrl={scan.transaction.receipt_url} />
        )}
      </section>
      <footer className="pay-footer pay-muted">
        <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" className="pay-lock">
          <path
            fill="currentColor"
            d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm2 6H6V4.5a2 2 0 1 1 4 0V7Z"
          />
        </svg>{' '}
        Card details are sent securely to the payment provider, never to the merchant.
      </footer>
    </main>
  );
}

function Done({ status, amount, message }: { status: TransactionStatus; amount: string; message?: string }) {
  if (status === 'succeeded')
    return (
      <Result
        icon="✓"
        tone="good"
        title="Payment successful"
        message={`You paid ${amount}. You can close this page.`}
      />
    );
  if (status === 'failed')
    return (
      <Result
        icon="✕"
        tone="bad"
        title="Payment failed"
        message={`${message ?? 'Your card was declined.'} Ask the merchant for a new code to try again.`}
      />
    );
  const text = closedText(status);
  return (
    <Result
      icon={status === 'expired' ? '!' : 'i'}
      tone="neutral"
      title={text.title}
      message={text.message}
    />
  );
}

function Result(props: { icon: string; tone: 'good' | 'bad' | 'neutral'; title: string; message: string }) {
  return (
    <div className={`pay-result pay-result-${props.tone}`} role="status">
      <div className="pay-result-icon" aria-hidden="true">
        {props.icon}
      </div>
      <h1>{props.title}</h1>
      <p>{props.message}</p>
    </div>
  );
}

/** The simulator's stand-in for the bank's 3-D Secure page (Stripe's test card 3184). */
function Authenticate(props: { amount: string; merchant: string; onConfirm: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="pay-auth">
      <h1>Authenticate</h1>
      <p>
        Your bank asks you to confirm the payment of <strong>{props.amount}</strong> to {props.merchant}.
      </p>
      <button
        type="button"
        className="pay-button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void props.onConfirm().finally(() => setBusy(false));
        }}
      >
        {busy ? 'Confirming…' : 'Complete authentication'}
      </button>
    </div>
  );
}
