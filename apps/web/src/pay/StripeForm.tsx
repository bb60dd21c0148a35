import type { Stripe, StripeElementLocale, StripeElements } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type MessageId, useT } from './i18n';

/**
 * A Stripe business's form: Stripe.js's Payment Element on the PaymentIntent the server
 * created. Card details go from this iframe straight to Stripe; the server learns the
 * outcome from Stripe (webhook hint + retrieve), so afterwards the page waits on the scan.
 */
export default function StripeForm(props: {
  stripe: { publishable_key: string | null; client_secret: string };
  amount: string;
  onPaid: () => void;
  /** Stripe's decline code (or error code): the page says it from its own catalogue. */
  onDeclined: (code: string | null) => void;
}) {
  const { t, locale } = useT();
  const mount = useRef<HTMLDivElement>(null);
  const express = useRef<HTMLDivElement>(null);
  const [wallets, setWallets] = useState(false);
  const [ready, setReady] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [failed, setFailed] = useState<MessageId | null>(null);
  const [busy, setBusy] = useState(false);
  const { publishable_key: key, client_secret: clientSecret } = props.stripe;
  // The wallet sheet answers long after mounting: it calls the latest callbacks.
  const outcome = useRef(props);
  outcome.current = props;

  useEffect(() => {
    let alive = true;
    (async () => {
      if (!key) {
        setFailed('stripe.noKey');
        return;
      }
      const { loadStripe } = await import('@stripe/stripe-js');
      const stripe = await loadStripe(key);
      if (!stripe) throw new Error('Stripe.js did not load');
      const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
      // The Payment Element speaks the page's language (Stripe.js has its own translations).
      const stripeLocale = STRIPE_LOCALE[locale] ?? (locale as StripeElementLocale);
      const elements = stripe.elements({
        clientSecret,
        locale: stripeLocale,
        appearance: { theme: dark ? 'night' : 'stripe' },
      });
      if (!alive || !mount.current) return;
      elements.create('payment').mount(mount.current);
      // Apple Pay and Google Pay on the shopper's phone (docs/guide/wallets.md): Stripe's Express
      // Checkout Element shows the wallets this device has, on a domain registered with Stripe;
      // it confirms the same PaymentIntent, so the server learns the outcome as for a card.
      if (express.current) {
        const checkout = elements.create('expressCheckout', {
          paymentMethods: {
            applePay: 'auto',
            googlePay: 'auto',
            link: 'never',
            paypal: 'never',
            amazonPay: 'never',
            klarna: 'never',
          },
          buttonHeight: 48,
        });
        checkout.on('ready', (event) => {
          if (alive) setWallets(Boolean(event.availablePaymentMethods));
        });
        checkout.on('confirm', async (event) => {
          const { error } = await stripe.confirmPayment({
            elements,
            clientSecret,
            redirect: 'if_required',
            confirmParams: { return_url: window.location.href },
          });
          if (error) {
            event.paymentFailed({ reason: 'fail' });
            outcome.current.onDeclined(error.decline_code ?? error.code ?? null);
          } else outcome.current.onPaid();
        });
        checkout.mount(express.current);
      }
      setReady({ stripe, elements });
    })().catch(() => alive && setFailed('stripe.loadFailed'));
    return () => {
      alive = false;
    };
  }, [key, clientSecret, locale]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setBusy(true);
    const { error } = await ready.stripe.confirmPayment({
      elements: ready.elements,
      redirect: 'if_required',
      confirmParams: { return_url: window.location.href },
    });
    setBusy(false);
    if (error) props.onDeclined(error.decline_code ?? error.code ?? null);
    else props.onPaid();
  };

  if (failed)
    return (
      <p className="pay-alert" role="alert">
        {t(failed)}
      </p>
    );
  return (
    <form className="pay-form" onSubmit={submit}>
      {/* Kept out of sight (not removed: Stripe measures it) until a wallet is available. */}
      <div
        ref={express}
        className={wallets ? 'pay-express' : 'pay-express pay-express-none'}
        data-testid="stripe-wallets"
      />
      {wallets && <p className="pay-or">{t('wallet.orCard')}</p>}
      <div ref={mount} className="pay-stripe" />
      <button type="submit" className="pay-button" disabled={!ready || busy}>
        {busy ? t('card.paying', { amount: props.amount }) : t('card.pay', { amount: props.amount })}
      </button>
    </form>
  );
}

/**
 * Stripe.js's name for a page language where it differs: the pseudo-locales read as English and
 * Arabic, Simplified Chinese is `zh`, and Ukrainian, which Stripe.js does not speak, follows the
 * browser (`auto`).
 */
const STRIPE_LOCALE: Partial<Record<string, StripeElementLocale>> = {
  'en-XA': 'en',
  'ar-XB': 'ar',
  'zh-Hans': 'zh',
  uk: 'auto',
};
