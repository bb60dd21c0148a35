import type { Sticker } from '@scanline/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { currencyDigits, toMinorUnits } from '../lib/money';
import type { PublicApiError } from '../lib/public-config';
import { payThroughSticker, readSticker } from './api';
import { Field } from './CardForm';
import { westernDigits } from './digits';
import { LanguageMenu, type MessageId, useT } from './i18n';

/**
 * `/s/{token}`: a terminal's printed sticker. The shopper sees whom they pay, types
 * the amount (and a note), and goes on to the usual payment page; the terminal may be switched off.
 */
export function StickerApp({ token }: { token: string }) {
  const { t, money, intlLocale } = useT();
  // "0.00" or "0,00" as the shopper's language writes it (both separators are read).
  const placeholder = (currency: string) =>
    new Intl.NumberFormat(intlLocale, {
      minimumFractionDigits: currencyDigits(currency),
      useGrouping: false,
    }).format(0);
  const [sticker, setSticker] = useState<Sticker | null>(null);
  const [problem, setProblem] = useState<MessageId | null>(null);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  // Which error, not its words: a change of language redraws it in the new one.
  const [error, setError] = useState<'range' | 'failed' | 'tooMany' | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    readSticker(token).then(setSticker, (e: PublicApiError) =>
      setProblem(
        e.status === 404 ? 'sticker.invalid' : e.status === 429 ? 'sticker.tooMany' : 'sticker.loadFailed',
      ),
    );
  }, [token]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!sticker) return;
    const minor = toMinorUnits(amount, sticker.currency);
    if (minor === null || minor < sticker.min_amount || minor > sticker.max_amount) {
      setError('range');
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
      setError((err as PublicApiError).status === 429 ? 'tooMany' : 'failed');
      setBusy(false);
    }
  };
  const errorText =
    error === 'range' && sticker
      ? t('sticker.amountRange', {
          min: money(sticker.min_amount, sticker.currency),
          max: money(sticker.max_amount, sticker.currency),
        })
      : error === 'tooMany'
        ? t('sticker.tooMany')
        : error === 'failed'
          ? t('sticker.failed')
          : null;
  useEffect(() => {
    document.title = sticker ? t('page.title', { merchant: sticker.merchant.name }) : t('page.titleDefault');
  });

  return (
    <main className="pay">
      <header className="pay-merchant">
        <div className="pay-logo" aria-hidden="true">
          {(sticker?.merchant.name ?? 'S').slice(0, 1).toUpperCase()}
        </div>
        <div className="pay-merchant-text">
          <p className="pay-merchant-name">{sticker?.merchant.name ?? 'Scanline'}</p>
          {sticker && <p className="pay-muted">{sticker.terminal.label}</p>}
        </div>
        <LanguageMenu />
      </header>
      {/* On the page from the start; says why the sticker cannot be paid. */}
      <p className="pay-sr-only" role="status" aria-live="polite" aria-atomic="true">
        {problem ? `${t('sticker.cannotPay')} ${t(problem)}` : ''}
      </p>
      <section className="pay-card">
        {problem ? (
          <div className="pay-result pay-result-bad">
            <div className="pay-result-icon" aria-hidden="true">
              !
            </div>
            <h1>{t('sticker.cannotPay')}</h1>
            <p>{t(problem)}</p>
          </div>
        ) : !sticker ? (
          <div className="pay-loading" role="img" aria-label={t('loading')}>
            <span className="pay-spinner" />
          </div>
        ) : (
          <form className="pay-form" onSubmit={submit} noValidate aria-label={t('sticker.form')}>
            <Field
              id="sticker-amount"
              label={t('sticker.amount', { currency: sticker.currency })}
              error={errorText ?? undefined}
            >
              <input
                id="sticker-amount"
                dir="ltr"
                inputMode="decimal"
                autoComplete="off"
                placeholder={placeholder(sticker.currency)}
                value={amount}
                onChange={(e) => setAmount(westernDigits(e.target.value).replace(/[^\d.,]/g, ''))}
                aria-invalid={error === 'range'}
                aria-describedby={errorText ? 'sticker-amount-error' : undefined}
              />
            </Field>
            <Field id="sticker-note" label={t('sticker.note')}>
              <input
                id="sticker-note"
                maxLength={120}
                placeholder={t('sticker.notePlaceholder')}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </Field>
            <button type="submit" className="pay-button" disabled={busy}>
              {busy ? t('sticker.busy') : t('sticker.continue')}
            </button>
          </form>
        )}
      </section>
    </main>
  );
}
