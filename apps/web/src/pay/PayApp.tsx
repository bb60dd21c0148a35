import { lazy, Suspense, useEffect, useState } from 'react';
import { AmountSummary } from './AmountSummary';
import { AuthenticateStep } from './AuthenticateStep';
import { confirm, pay } from './api';
import { CardForm } from './CardForm';
import { DoneResult } from './DoneResult';
import { useT } from './i18n';
import { MerchantHeader } from './MerchantHeader';
import { PayResult } from './PayResult';
import { announcementOf, closedText, declinedText } from './pay-screen';
import { ReceiptOffer } from './ReceiptOffer';
import { SecureFooter } from './SecureFooter';
import { TipPicker } from './TipPicker';
import { usePayScreen } from './use-pay-screen';
import { WalletSheet } from './WalletSheet';

// Stripe.js is fetched only for a Stripe business, never for the simulator's form.
const StripeForm = lazy(() => import('./StripeForm'));

export function PayApp({ token }: { token: string }) {
  const { t, money } = useT();
  const { scan, screen, setScreen, declines, onAnswer, onError } = usePayScreen(token);
  // The shopper's tip in minor units (a retry after a decline may change it).
  const [tip, setTip] = useState(0);

  // Stripe's Payment Element confirms in the browser for the order amount: tips are asked on
  // the pages whose payment the server confirms (the simulator's card form).
  const tipping = scan?.provider === 'stripe' ? null : (scan?.tipping ?? null);
  const paidTip = scan?.transaction.tip_amount ?? 0;
  const shownTip = screen.kind === 'form' ? (tipping ? tip : 0) : Math.max(paidTip, tipping ? tip : 0);
  const amount = scan ? money(scan.transaction.amount + shownTip, scan.transaction.currency) : '';

  const title = scan ? t('page.title', { merchant: scan.merchant.name }) : t('page.titleDefault');
  useEffect(() => {
    document.title = title;
  }, [title]);

  // One live region, on the page from the start, says each result as it comes.
  const announcement = announcementOf(screen, amount, t);

  return (
    <main className="pay">
      <p className="pay-sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="pay-live">
        {announcement}
      </p>
      <MerchantHeader scan={scan} />
      {scan && <AmountSummary scan={scan} amount={amount} shownTip={shownTip} />}
      <section className="pay-card">
        {screen.kind === 'loading' && (
          <div className="pay-loading" role="img" aria-label={t('loading')}>
            <span className="pay-spinner" />
          </div>
        )}
        {screen.kind === 'error' && (
          <PayResult icon="!" tone="bad" title={t(screen.title)} message={t(screen.message)} />
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
              <>
                <WalletSheet
                  amount={amount}
                  merchant={scan.merchant.name}
                  onPay={(wallet) =>
                    pay(scan.id, 'pm_card_visa', tipping ? tip : 0, wallet).then(onAnswer, onError)
                  }
                />
                <CardForm
                  key={declines}
                  retry={declines > 0}
                  amount={amount}
                  onSubmit={(paymentMethod) =>
                    pay(scan.id, paymentMethod, tipping ? tip : 0).then(onAnswer, onError)
                  }
                />
              </>
            )}
          </>
        )}
        {screen.kind === 'authenticate' && scan && (
          <AuthenticateStep
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
          <PayResult
            icon={screen.status === 'expired' ? '!' : 'i'}
            tone="neutral"
            title={t(closedText(screen.status).title)}
            message={t(closedText(screen.status).message)}
          />
        )}
        {screen.kind === 'done' && (
          <DoneResult status={screen.status} amount={amount} reason={screen.reason} />
        )}
        {screen.kind === 'done' && screen.receiptUrl && scan && (
          <ReceiptOffer scanId={scan.id} receiptUrl={screen.receiptUrl} />
        )}
        {screen.kind === 'closed' && scan?.transaction.receipt_url && (
          <ReceiptOffer scanId={scan.id} receiptUrl={scan.transaction.receipt_url} />
        )}
      </section>
      <SecureFooter />
    </main>
  );
}
