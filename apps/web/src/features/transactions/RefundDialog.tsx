import type { TransactionDetail } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import { type FormEvent, useState } from 'react';
import { ApiError, fieldErrors } from '../../api/api-error';
import { type T, useT } from '../../lib/i18n/console-intl';
import { formatMoney, toMinorUnits } from '../../lib/money';
import { cardLabel, refundFailedText } from '../../shared/transactions/status';
import { FormField } from '../../ui/FormField';
import type { RefundReason } from './hooks';

const REASONS = (tr: T): { value: RefundReason; label: string }[] => [
  { value: 'requested_by_customer', label: tr('transactions.refund.reason.requestedByCustomer') },
  { value: 'duplicate', label: tr('transactions.refund.reason.duplicate') },
  { value: 'fraudulent', label: tr('transactions.refund.reason.fraudulent') },
  { value: 'other', label: tr('transactions.refund.reason.other') },
];

/** Full or partial refund; never more than what is left of the payment. */
export function RefundDialog(props: {
  transaction: TransactionDetail;
  onClose: () => void;
  onRefund: (body: { amount?: number; reason?: RefundReason }) => Promise<unknown>;
}) {
  const t = props.transaction;
  // Up to what was charged, the tip included.
  const remaining = t.amount_total - t.amount_refunded;
  const [mode, setMode] = useState<'full' | 'partial'>('full');
  // A partial refund starts empty (not the full amount) and takes what is typed as typed.
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState<RefundReason>('requested_by_customer');
  const [error, setError] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t: tr } = useT();
  const minor = mode === 'full' ? remaining : (toMinorUnits(typed, t.currency) ?? 0);
  const invalid = minor <= 0 || minor > remaining;
  const tooMuch = mode === 'partial' && minor > remaining;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (invalid) return;
    setBusy(true);
    setError(null);
    try {
      // A full refund sends no amount: the server refunds exactly what is left.
      await props.onRefund({ ...(mode === 'partial' ? { amount: minor } : {}), reason });
    } catch (err) {
      // The server's verdict wins (a refund made meanwhile elsewhere), said in the reader's
      // language by its code: the problem's `detail` is English. Under the field it is about.
      const onAmount =
        fieldErrors(err).amount ??
        (err instanceof ApiError && err.code === 'refund_exceeds_amount' ? refundFailedText(err) : undefined);
      if (onAmount && mode === 'partial') setAmountError(onAmount);
      else setError(onAmount ?? refundFailedText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      header={tr('transactions.refund.title')}
      visible
      onHide={props.onClose}
      style={{ width: 'min(30rem, 95vw)' }}
      modal
    >
      <form onSubmit={submit} className="auth-form p-fluid" noValidate>
        <p className="m-0">
          {tr('transactions.refund.summary', {
            amount: formatMoney(t.amount_total, t.currency),
            card: (t.card_last4 && cardLabel(t.card_brand, t.card_last4)) || 'none',
            refunded: t.amount_refunded > 0 ? formatMoney(t.amount_refunded, t.currency) : 'none',
          })}
        </p>
        <div className="radio-group" role="radiogroup" aria-label={tr('transactions.refund.howMuch')}>
          <div className="radio-row">
            <RadioButton inputId="refund-full" checked={mode === 'full'} onChange={() => setMode('full')} />
            <label htmlFor="refund-full">
              {tr('transactions.refund.full', { amount: formatMoney(remaining, t.currency) })}
            </label>
          </div>
          <div className="radio-row">
            <RadioButton
              inputId="refund-partial"
              checked={mode === 'partial'}
              onChange={() => setMode('partial')}
            />
            <label htmlFor="refund-partial">{tr('transactions.refund.partial')}</label>
          </div>
        </div>
        {mode === 'partial' && (
          <FormField
            id="refund-amount"
            label={tr('transactions.refund.amount', { currency: t.currency })}
            help={tr('transactions.refund.upTo', { amount: formatMoney(remaining, t.currency) })}
            error={
              tooMuch
                ? tr('transactions.refund.tooMuch', { amount: formatMoney(remaining, t.currency) })
                : (amountError ?? undefined)
            }
          >
            <InputText
              id="refund-amount"
              inputMode="decimal"
              autoComplete="off"
              value={typed}
              onChange={(e) => {
                setTyped(e.target.value.replace(/[^\d.,]/g, ''));
                setAmountError(null);
              }}
              invalid={tooMuch || Boolean(amountError)}
              autoFocus
            />
          </FormField>
        )}
        <FormField id="refund-reason" label={tr('transactions.refund.reason')}>
          <Dropdown
            inputId="refund-reason"
            value={reason}
            options={REASONS(tr)}
            onChange={(e) => setReason(e.value)}
          />
        </FormField>
        {error && (
          <p className="p-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <Button type="button" label={tr('common.cancel')} text onClick={props.onClose} />
          <Button
            type="submit"
            label={tr('transactions.refund.submit', {
              amount: formatMoney(Math.max(0, Math.min(minor, remaining)), t.currency),
            })}
            severity="danger"
            loading={busy}
            disabled={invalid}
          />
        </div>
      </form>
    </Dialog>
  );
}
