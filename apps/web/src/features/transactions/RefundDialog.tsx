import type { TransactionDetail } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { RadioButton } from 'primereact/radiobutton';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../api/api-error';
import { currencyDigits, formatMoney } from '../../lib/money';
import { FormField } from '../../ui/FormField';
import type { RefundReason } from './hooks';
import { cardLabel } from './status';

const REASONS: { value: RefundReason; label: string }[] = [
  { value: 'requested_by_customer', label: 'Requested by the customer' },
  { value: 'duplicate', label: 'Duplicate payment' },
  { value: 'fraudulent', label: 'Fraudulent' },
  { value: 'other', label: 'Other' },
];

/** Full or partial refund; never more than what is left of the payment. */
export function RefundDialog(props: {
  transaction: TransactionDetail;
  onClose: () => void;
  onRefund: (body: { amount?: number; reason?: RefundReason }) => Promise<unknown>;
}) {
  const t = props.transaction;
  const digits = currencyDigits(t.currency);
  const remaining = t.amount - t.amount_refunded;
  const [mode, setMode] = useState<'full' | 'partial'>('full');
  const [major, setMajor] = useState<number | null>(remaining / 10 ** digits);
  const [reason, setReason] = useState<RefundReason>('requested_by_customer');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const minor = mode === 'full' ? remaining : Math.round((major ?? 0) * 10 ** digits);
  const invalid = minor <= 0 || minor > remaining;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (invalid) return;
    setBusy(true);
    setError(null);
    try {
      // A full refund sends no amount: the server refunds exactly what is left.
      await props.onRefund({ ...(mode === 'partial' ? { amount: minor } : {}), reason });
    } catch (err) {
      setError(fieldErrors(err).amount ?? (err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      header="Refund payment"
      visible
      onHide={props.onClose}
      style={{ width: 'min(30rem, 95vw)' }}
      modal
    >
      <form onSubmit={submit} className="auth-form p-fluid" noValidate>
        <p className="m-0">
          {formatMoney(t.amount, t.currency)} paid
          {t.card_last4 ? ` with ${cardLabel(t.card_brand, t.card_last4)}` : ''}
          {t.amount_refunded > 0 ? `, ${formatMoney(t.amount_refunded, t.currency)} already refunded` : ''}.
        </p>
        <div className="radio-group" role="radiogroup" aria-label="How much">
          <div className="radio-row">
            <RadioButton inputId="refund-full" checked={mode === 'full'} onChange={() => setMode('full')} />
            <label htmlFor="refund-full">Full refund ({formatMoney(remaining, t.currency)})</label>
          </div>
          <div className="radio-row">
            <RadioButton
              inputId="refund-partial"
              checked={mode === 'partial'}
              onChange={() => setMode('partial')}
            />
            <label htmlFor="refund-partial">Partial refund</label>
          </div>
        </div>
        {mode === 'partial' && (
          <FormField
            id="refund-amount"
            label="Amount to refund"
            error={minor > remaining ? `At most ${formatMoney(remaining, t.currency)}.` : undefined}
          >
            <InputNumber
              inputId="refund-amount"
              value={major}
              onValueChange={(e) => setMajor(e.value ?? null)}
              mode="currency"
              currency={t.currency}
              minFractionDigits={digits}
              maxFractionDigits={digits}
              min={0}
              invalid={minor > remaining}
            />
          </FormField>
        )}
        <FormField id="refund-reason" label="Reason">
          <Dropdown
            inputId="refund-reason"
            value={reason}
            options={REASONS}
            onChange={(e) => setReason(e.value)}
          />
        </FormField>
        {error && (
          <p className="p-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <Button type="button" label="Cancel" text onClick={props.onClose} />
          <Button
            type="submit"
            label={`Refund ${formatMoney(Math.max(0, Math.min(minor, remaining)), t.currency)}`}
            severity="danger"
            loading={busy}
            disabled={invalid}
          />
        </div>
      </form>
    </Dialog>
  );
}
