import type { Sticker } from '@scanline/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { formatMoney, toMinorUnits } from '../lib/money';
import type { PublicApiError } from '../lib/public-config';
import { payThroughSticker, readSticker } from './api';
import { Field } from './CardForm';

/**
 * `/s/{token}`: a terminal's printed sticker (issue 15 §5). The shopper sees whom they pay, types
 * the amount (and a note), and goes on to the usual payment page; the terminal may be switched off.
 */
export function StickerApp({ token }: { token: string }) {
  const [sticker, setSticker] = useState<Sticker | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    readSticker(token).then(setSticker, (e: PublicApiError) =>
      setProblem(
        e.status === 404
          ? 'This sticker is not valid any more. Ask the merchant how to pay.'
          : e.status === 429
            ? 'Too many attempts. Wait a minute, then scan the sticker again.'
            : e.message,
      ),
    );
  }, [token]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!sticker) return;
    const minor = toMinorUnits(amount, sticker.currency);
    const range = `${formatMoney(sticker.min_amount, sticker.currency)} to ${formatMoney(sticker.max_amount, sticker.currency)}`;
    if (minor === null || minor < sticker.min_amount || minor > sticker.max_amount) {
      setError(`Enter an amount from ${range}.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const made = await payThroughSticker(token, {
        amount: minor,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      window.location.assign(made.payment_url);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <main className="pay">
      <header className="pay-merchant">
        <div className="pay-logo" aria-hidden="true">
          {(sticker?.merchant.name ?? 'S').slice(0, 1).toUpperCase()}
        </div>
        <div>
          <p className="pay-merchant-name">{sticker?.merchant.name ?? 'Scanline'}</p>
          {sticker && <p className="pay-muted">{sticker.terminal.label}</p>}
        </div>
      </header>
      <section className="pay-card">
        {problem ? (
          <div className="pay-result pay-result-bad" role="status">
            <div className="pay-result-icon" aria-hidden="true">
              !
            </div>
            <h1>Cannot pay here</h1>
            <p>{problem}</p>
          </div>
        ) : !sticker ? (
          <div className="pay-loading" role="status" aria-label="Loading">
            <span className="pay-spinner" />
          </div>
        ) : (
          <form className="pay-form" onSubmit={submit} noValidate aria-label="Amount to pay">
            <Field id="sticker-amount" label={`Amount (${sticker.currency})`} error={error ?? undefined}>
              <input
                id="sticker-amount"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                value={amount}
                onChange={(e) => setAmount(e.target.value.replace(/[^\d.,]/g, ''))}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? 'sticker-amount-error' : undefined}
              />
            </Field>
            <Field id="sticker-note" label="Note for the merchant (optional)">
              <input
                id="sticker-note"
                maxLength={120}
                placeholder="e.g. table 4"
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </Field>
            <button type="submit" className="pay-button" disabled={busy}>
              {busy ? 'One moment…' : 'Continue to payment'}
            </button>
          </form>
        )}
      </section>
    </main>
  );
}
