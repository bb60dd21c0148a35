import type { PayResponse, ShopperScan, TransactionStatus } from '@scanline/contracts';
import { isFinalTransactionStatus } from '@scanline/contracts/payment-constants';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { PublicApiError } from '../lib/public-config';
import { confirm, openScan, pay, readScan } from './api';
import { CardForm } from './CardForm';
import { LanguageMenu, type MessageId, useT } from './i18n';
import { ReceiptOffer } from './ReceiptOffer';
import { TipPicker } from './TipPicker';

// Stripe.js is fetched only for a Stripe business, never for the simulator's form.
const StripeForm = lazy(() => import('./StripeForm'));

/** What the page says is kept as message ids, so a change of language redraws it in the new one. */
type Screen =
  | { kind: 'loading' }
  | { kind: 'error'; title: MessageId; message: MessageId }
  | { kind: 'form'; failure?: MessageId }
  | { kind: 'authenticate'; confirmUrl?: string }
  | { kind: 'processing' }
  | { kind: 'done'; status: TransactionStatus; reason?: MessageId; receiptUrl?: string | null }
  /** The code was already paid, expired or canceled when it was opened. */
  | { kind: 'closed'; status: TransactionStatus };

/** The decline codes the server names (apps/server/src/domain/payments/provider.ts), each in the catalogue. */
const DECLINE_CODES = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'authentication_required',
  'payment_intent_authentication_failure',
  'canceled',
] as const;

/**
 * Why the last card was declined, and that another may be tried (issue 15 §3), said once
 * (issue 31 §15), in the shopper's language (issue 28): the catalogue's sentence for the code.
 */
export function declinedText(error: { code?: string | null } | null | undefined): MessageId | undefined {
  if (!error) return undefined;
  const code = DECLINE_CODES.find((c) => c === error.code);
  return code ? `decline.${code}` : 'decline.other';
}

/** What a shopper reads for a code that cannot be paid any more. */
function closedText(status: TransactionStatus): { title: MessageId; message: MessageId } {
  switch (status) {
    case 'succeeded':
    case 'partially_refunded':
    case 'refunded':
      return { title: 'closed.paid.title', message: 'closed.paid.message' };
    case 'expired':
      return { title: 'closed.expired.title', message: 'closed.expired.message' };
    case 'canceled':
      return { title: 'closed.canceled.title', message: 'closed.canceled.message' };
    case 'failed':
      return { title: 'closed.failed.title', message: 'closed.failed.message' };
    default:
      return { title: 'closed.progress.title', message: 'closed.progress.message' };
  }
}

/** A request that failed (not a decline): the catalogue's words for it, never the server's English. */
function requestFailure(err: PublicApiError): MessageId {
  if (!err.status) return 'error.network';
  if (err.status === 409) return 'error.conflict';
  if (err.status === 429) return 'error.tooMany.message';
  if (err.status >= 500) return 'decline.processing_error';
  return 'decline.other';
}

export function PayApp({ token }: { token: string }) {
  const { t, money } = useT();
  const [scan, setScan] = useState<ShopperScan | null>(null);
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });
  // Issue 26 §1: the shopper's tip in minor units (a retry after a decline may change it).
  const [tip, setTip] = useState(0);
  // Each decline draws a fresh card form (issue 31 §15): the declined number is not kept.
  const [declines, setDeclines] = useState(0);

  useEffect(() => {
    if (!token) {
      setScreen({ kind: 'error', title: 'error.noCode.title', message: 'error.noCode.message' });
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
            ? { kind: 'error', title: 'error.unknown.title', message: 'error.unknown.message' }
            : e.status === 429
              ? { kind: 'error', title: 'error.tooMany.title', message: 'error.tooMany.message' }
              : { kind: 'error', title: 'error.generic.title', message: 'error.generic.message' },
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
        reason: declinedText({ code: answer.failure_code ?? null }),
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
            else if (status === 'pending') setScreen({ kind: 'form', failure: 'error.conflict' });
            else setScreen({ kind: 'closed', status });
          },
          () => setScreen({ kind: 'form', failure: 'error.conflict' }),
        );
        return;
      }
      setScreen({ kind: 'form', failure: requestFailure(err) });
    },
    [scan],
  );

  // Stripe's Payment Element confirms in the browser for the order amount: tips are asked on
  // the pages whose payment the server confirms (the simulator's card form).
  const tipping = scan?.provider === 'stripe' ? null : (scan?.tipping ?? null);
  const paidTip = scan?.transaction.tip_amount ?? 0;
  const shownTip = screen.kind === 'form' ? (tipping ? tip : 0) : Math.max(paidTip, tipping ? tip : 0);
  const order = scan ? money(scan.transaction.amount, scan.transaction.currency) : '';
  const amount = scan ? money(scan.transaction.amount + shownTip, scan.transaction.currency) : '';

  const title = scan ? t('page.title', { merchant: scan.merchant.name }) : t('page.titleDefault');
  useEffect(() => {
    document.title = title;
  }, [title]);

  // Issue 28 §2: one live region, on the page from the start, says each result as it comes
  // (a screen reader hears a region whose text changes, not one that appears with its text).
  const announcement = (() => {
    switch (screen.kind) {
      case 'form':
        return screen.failure ? t(screen.failure) : '';
      case 'processing':
        return t('processing');
      case 'authenticate':
        return t('auth.title');
      case 'error':
        return `${t(screen.title)} ${t(screen.message)}`;
      case 'closed': {
        const text = closedText(screen.status);
        return `${t(text.title)} ${t(text.message)}`;
      }
      case 'done': {
        const text = doneText(screen.status, amount, screen.reason);
        return `${t(text.title)} ${t(text.message, text.values)}`;
      }
      default:
        return '';
    }
  })();

  return (
    <main className="pay">
      <p className="pay-sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="pay-live">
        {announcement}
      </p>
      <header className="pay-merchant">
        <div className="pay-logo" aria-hidden="true">
          {(scan?.merchant.name ?? 'S').slice(0, 1).toUpperCase()}
        </div>
        <div className="pay-merchant-text">
          <p className="pay-merchant-name">{scan?.merchant.name ?? 'Scanline'}</p>
          {scan && <p className="pay-muted">{scan.terminal.label}</p>}
        </div>
        <LanguageMenu />
      </header>
      {scan && (
        <section className="pay-amount" aria-label={t('amount.section')}>
          <p className="pay-muted">{shownTip > 0 ? t('amount.total') : t('amount.amount')}</p>
          <p className="pay-amount-value" data-testid="pay-amount">
            {amount}
          </p>
          {shownTip > 0 && (
            <p className="pay-muted" data-testid="pay-tip-line">
              {t('amount.tipLine', { order, tip: money(shownTip, scan.transaction.currency) })}
            </p>
          )}
          {scan.transaction.note && (
            <p className="pay-note" data-testid="pay-note">
              <span className="pay-muted">{t('amount.note')}</span> {scan.transaction.note}
            </p>
          )}
        </section>
      )}
      <section className="pay-card">
        {screen.kind === 'loading' && (
          <div className="pay-loading" role="img" aria-label={t('loading')}>
            <span className="pay-spinner" />
          </div>
        )}
        {screen.kind === 'error' && (
          <Result icon="!" tone="bad" title={t(screen.title)} message={t(screen.message)} />
        )}
        {screen.kind === 'form' && scan && (
          <>
            {screen.failure && (
              <p className="pay-alert" data-testid="pay-declined">
                {t(screen.failure)}
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
                  onDeclined={(code) => setScreen({ kind: 'form', failure: declinedText({ code }) })}
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
          <div className="pay-loading">
            <span className="pay-spinner" />
            <p>{t('processing')}</p>
          </div>
        )}
        {screen.kind === 'closed' && (
          <Result
            icon={screen.status === 'expired' ? '!' : 'i'}
            tone="neutral"
            title={t(closedText(screen.status).title)}
            message={t(closedText(screen.status).message)}
          />
        )}
        {screen.kind === 'done' && <Done status={screen.status} amount={amount} reason={screen.reason} />}
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
        {t('footer.secure')}
      </footer>
    </main>
  );
}

/** The final screen's words: paid, failed (with why), or as a closed code. */
function doneText(
  status: TransactionStatus,
  amount: string,
  reason: MessageId | undefined,
): { title: MessageId; message: MessageId; values?: Record<string, string> } {
  if (status === 'succeeded')
    return { title: 'done.succeeded.title', message: 'done.succeeded.message', values: { amount } };
  if (status === 'failed') return { title: 'done.failed.title', message: reason ?? 'decline.card_declined' };
  return closedText(status);
}

function Done({ status, amount, reason }: { status: TransactionStatus; amount: string; reason?: MessageId }) {
  const { t } = useT();
  const text = doneText(status, amount, reason);
  const message =
    status === 'failed'
      ? t('done.failed.message', { reason: t(reason ?? 'decline.card_declined') })
      : t(text.message, text.values);
  return (
    <Result
      icon={status === 'succeeded' ? '✓' : status === 'failed' ? '✕' : status === 'expired' ? '!' : 'i'}
      tone={status === 'succeeded' ? 'good' : status === 'failed' ? 'bad' : 'neutral'}
      title={t(text.title)}
      message={message}
    />
  );
}

/** A result as it stays on the screen; the live region above has already said it. */
function Result(props: { icon: string; tone: 'good' | 'bad' | 'neutral'; title: string; message: string }) {
  return (
    <div className={`pay-result pay-result-${props.tone}`}>
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
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  return (
    <div className="pay-auth">
      <h1>{t('auth.title')}</h1>
      <p>{t('auth.message', { amount: props.amount, merchant: props.merchant })}</p>
      <button
        type="button"
        className="pay-button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void props.onConfirm().finally(() => setBusy(false));
        }}
      >
        {busy ? t('auth.confirming') : t('auth.confirm')}
      </button>
    </div>
  );
}
