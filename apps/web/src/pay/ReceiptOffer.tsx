import { type FormEvent, useState } from 'react';
import type { PublicApiError } from '../lib/public-config';
import { emailReceipt } from './api';
import { Field } from './CardForm';
import { type MessageId, useT } from './i18n';

/** The receipt page in the language the shopper reads this page in (as the email's link opens it). */
const inLanguage = (url: string, locale: string) => {
  const u = new URL(url, window.location.href);
  u.searchParams.set('lang', locale);
  return u.toString();
};

/** After a successful payment: open the receipt, or have it emailed. */
export function ReceiptOffer({ scanId, receiptUrl }: { scanId: string; receiptUrl: string }) {
  const { t, locale } = useT();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<
    { kind: 'idle' | 'busy' } | { kind: 'sent'; to: string } | { kind: 'error'; message: MessageId }
  >({
    kind: 'idle',
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setState({ kind: 'error', message: 'receipt.error.email' });
      return;
    }
    setState({ kind: 'busy' });
    try {
      await emailReceipt(scanId, email.trim(), locale);
      setState({ kind: 'sent', to: email.trim() });
    } catch (err) {
      // The server's words are English; the shopper reads the catalogue's for each case.
      const status = (err as PublicApiError).status;
      setState({
        kind: 'error',
        message:
          status === 429
            ? 'receipt.error.tooMany'
            : status === 400 || status === 422
              ? 'receipt.error.email'
              : 'receipt.error.other',
      });
    }
  };
  return (
    <div className="pay-receipt">
      <a
        className="pay-button pay-button-secondary"
        href={inLanguage(receiptUrl, locale)}
        target="_blank"
        rel="noopener"
      >
        {t('receipt.view')}
      </a>
      {/* The live region is on the page before "sent" is written into it. */}
      <p className="pay-muted pay-receipt-sent" role="status">
        {state.kind === 'sent' ? t('receipt.sent', { email: state.to }) : ''}
      </p>
      {state.kind !== 'sent' && (
        <form className="pay-form" onSubmit={submit} noValidate aria-label={t('receipt.form')}>
          <Field
            id="receipt-email"
            label={t('receipt.emailLabel')}
            error={state.kind === 'error' ? t(state.message) : undefined}
          >
            <input
              id="receipt-email"
              dir="ltr"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={t('receipt.emailPlaceholder')}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={state.kind === 'error' ? true : undefined}
              aria-describedby={state.kind === 'error' ? 'receipt-email-error' : undefined}
            />
          </Field>
          <button type="submit" className="pay-button" disabled={state.kind === 'busy'}>
            {state.kind === 'busy' ? t('receipt.sending') : t('receipt.send')}
          </button>
          <p className="pay-muted pay-hint">{t('receipt.privacy')}</p>
        </form>
      )}
    </div>
  );
}
