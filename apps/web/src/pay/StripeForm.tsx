import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';

/**
 * A Stripe business's form: Stripe.js's Payment Element on the PaymentIntent the server
 * created. Card details go from this iframe straight to Stripe; the server learns the
 * outcome from Stripe (webhook hint + retrieve), so afterwards the page waits on the scan.
 */
export default function StripeForm(props: {
  stripe: { publishable_key: string | null; client_secret: string };
  amount: string;
  onPaid: () => void;
  onError: (message: string) => void;
}) {
  const mount = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { publishable_key: key, client_secret: clientSecret } = props.stripe;

  useEffect(() => {
    let alive = true;
    (async () => {
      if (!key) throw new Error('This shop has no Stripe publishable key set.');
      const { loadStripe } = await import('@stripe/stripe-js');
      const stripe = await loadStripe(key);
      if (!stripe) throw new Error('Stripe could not be loaded.');
      const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
      const elements = stripe.elements({ clientSecret, appearance: { theme: dark ? 'night' : 'stripe' } });
      if (!alive || !mount.current) return;
      elements.create('payment').mount(mount.current);
      setReady({ stripe, elements });
    })().catch((e: Error) => alive && setFailed(`${e.message} Check the connection and reload the page.`));
    return () => {
      alive = false;
    };
  }, [key, clientSecret]);

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
    if (error) props.onError(error.message ?? 'Your card was declined.');
    else props.onPaid();
  };

  if (failed)
    return (
      <p className="pay-alert" role="alert">
        {failed}
      </p>
    );
  return (
    <form className="pay-form" onSubmit={submit}>
      <div ref={mount} className="pay-stripe" />
      <button type="submit" className="pay-button" disabled={!ready || busy}>
        {busy ? `Paying ${props.amount}…` : `Pay ${props.amount}`}
      </button>
    </form>
  );
}
