import { useState } from 'react';
import { useT } from './i18n';

/** The simulator's stand-in for the bank's 3-D Secure page (Stripe's test card 3184). */
export function AuthenticateStep(props: {
  amount: string;
  merchant: string;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  return (
    <div className="pay-auth">
      <h1>{t('auth.title')}</h1>
      <p>{t('auth.message', { amount: props.amount, merchant: props.merchant })}</p>
      <button
        type="button"
        className="pay-button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void props.onConfirm().finally(() => setBusy(false));
        }}
      >
        {busy ? t('auth.confirming') : t('auth.confirm')}
      </button>
    </div>
  );
}
