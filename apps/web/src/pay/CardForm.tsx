import { type FormEvent, useState } from 'react';
import { type CardErrors, checkCard, formatCardNumber, formatExpiry } from './card';
import { useT } from './i18n';

/** The simulator's card form: labelled fields, errors under each, one "Pay …" button. */
export function CardForm({
  amount,
  retry = false,
  onSubmit,
}: {
  amount: string;
  /** After a decline: the form is new and empty, and the card number has the focus. */
  retry?: boolean;
  onSubmit: (paymentMethod: string) => Promise<void>;
}) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<CardErrors>({});
  const [busy, setBusy] = useState(false);
  const { t } = useT();
  const say = (id: CardErrors[keyof CardErrors]) => (id ? t(id) : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkCard(number, expiry, cvc);
    setErrors(checked.errors);
    if (!checked.paymentMethod) return;
    setBusy(true);
    try {
      await onSubmit(checked.paymentMethod);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="pay-form" onSubmit={submit} noValidate>
      <Field id="card-number" label={t('card.number')} error={say(errors.number)}>
        <input
          id="card-number"
          dir="ltr"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          // biome-ignore lint/a11y/noAutofocus: after a decline the shopper's next step is this field.
          autoFocus={retry}
          onChange={(e) => setNumber(formatCardNumber(e.target.value))}
          aria-invalid={Boolean(errors.number)}
          aria-describedby={errors.number ? 'card-number-error' : undefined}
        />
      </Field>
      <div className="pay-row">
        <Field id="card-expiry" label={t('card.expiry')} error={say(errors.expiry)}>
          <input
            id="card-expiry"
            dir="ltr"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('card.expiryPlaceholder')}
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
            aria-invalid={Boolean(errors.expiry)}
            aria-describedby={errors.expiry ? 'card-expiry-error' : undefined}
          />
        </Field>
        <Field id="card-cvc" label={t('card.cvc')} error={say(errors.cvc)}>
          <input
            id="card-cvc"
            dir="ltr"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
            aria-invalid={Boolean(errors.cvc)}
            aria-describedby={errors.cvc ? 'card-cvc-error' : undefined}
          />
        </Field>
      </div>
      <button type="submit" className="pay-button" disabled={busy}>
        {busy ? t('card.paying', { amount }) : t('card.pay', { amount })}
      </button>
      <p className="pay-muted pay-hint">{t('card.testHint')}</p>
    </form>
  );
}

export function Field(props: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="pay-field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.error && (
        <small id={`${props.id}-error`} className="pay-error" role="alert">
          {props.error}
        </small>
      )}
    </div>
  );
}
