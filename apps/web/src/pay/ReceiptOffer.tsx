import { type FormEvent, useState } from 'react';
import { emailReceipt } from './api';
import { Field } from './CardForm';

/** After a successful payment (issue 15 §4): open the receipt, or have it emailed. */
export function ReceiptOffer({ scanId, receiptUrl }: { scanId: string; receiptUrl: string }) {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<
    { kind: 'idle' | 'busy' } | { kind: 'sent'; to: string } | { kind: 'error'; message: string }
  >({
    kind: 'idle',
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setState({ kind: 'error', message: 'Enter an email address like name@example.com.' });
      return;
    }
    setState({ kind: 'busy' });
    try {
      await emailReceipt(scanId, email.trim());
      setState({ kind: 'sent', to: email.trim() });
    } catch (err) {
      setState({ kind: 'error', message: (err as Error).message });
    }
  };
  return (
    <div className="pay-receipt">
      <a className="pay-button pay-button-secondary" href={receiptUrl} target="_blank" rel="noopener">
        View receipt
      </a>
      {state.kind === 'sent' ? (
        <p className="pay-muted" role="status">
          Receipt sent to {state.to}.
        </p>
      ) : (
        <form className="pay-form" onSubmit={submit} noValidate aria-label="Receipt by email">
          <Field
            id="receipt-email"
            label="Email me this receipt"
            error={state.kind === 'error' ? state.message : undefined}
          >
            <input
              id="receipt-email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <button type="submit" className="pay-button" disabled={state.kind === 'busy'}>
            {state.kind === 'busy' ? 'Sending…' : 'Send receipt'}
          </button>
          <p className="pay-muted pay-hint">We use the address for this email only and keep it nowhere.</p>
        </form>
      )}
    </div>
  );
}
