import { useEffect, useRef, useState } from 'react';
import { useT } from './i18n';

export type SimulatedWallet = 'apple_pay' | 'google_pay';

const WALLETS: { id: SimulatedWallet; name: string }[] = [
  { id: 'apple_pay', name: 'Apple Pay' },
  { id: 'google_pay', name: 'Google Pay' },
];

/**
 * The payment simulator's wallet (docs/guide/wallets.md): a button, then a sheet standing for
 * the phone's Apple Pay or Google Pay sheet. It pays the test card `pm_card_visa` "through" the
 * chosen wallet, so receipts and the console show the wallet as they would with Stripe. A
 * native <dialog>: Escape and the Cancel button close it, focus returns to the button.
 */
export function WalletSheet({
  amount,
  merchant,
  onPay,
}: {
  amount: string;
  merchant: string;
  onPay: (wallet: SimulatedWallet) => Promise<void>;
}) {
  const { t } = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [wallet, setWallet] = useState<SimulatedWallet>('apple_pay');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const pay = async () => {
    setBusy(true);
    try {
      await onPay(wallet);
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      <button type="button" className="pay-button pay-wallet-button" onClick={() => setOpen(true)}>
        {t('wallet.button')}
      </button>
      <p className="pay-or">{t('wallet.orCard')}</p>
      <dialog
        ref={dialog}
        className="pay-sheet"
        aria-labelledby="pay-sheet-title"
        onClose={() => setOpen(false)}
        data-testid="wallet-sheet"
      >
        <h2 id="pay-sheet-title">{t('wallet.sheetTitle')}</h2>
        <p className="pay-sheet-note">{t('wallet.simulated')}</p>
        <fieldset className="pay-sheet-wallets">
          <legend>{t('wallet.choose')}</legend>
          {WALLETS.map((w) => (
            <label key={w.id} className="pay-sheet-wallet">
              <input
                type="radio"
                name="wallet"
                value={w.id}
                checked={wallet === w.id}
                onChange={() => setWallet(w.id)}
              />
              {w.name}
            </label>
          ))}
        </fieldset>
        <dl className="pay-sheet-facts">
          <dt>{t('wallet.payee')}</dt>
          <dd>{merchant}</dd>
          <dt>{t('wallet.card')}</dt>
          <dd>Visa ••4242</dd>
          <dt>{t('amount.total')}</dt>
          <dd>{amount}</dd>
        </dl>
        <button type="button" className="pay-button" disabled={busy} onClick={pay}>
          {busy ? t('card.paying', { amount }) : t('card.pay', { amount })}
        </button>
        <button type="button" className="pay-button pay-button-secondary" onClick={() => setOpen(false)}>
          {t('wallet.cancel')}
        </button>
      </dialog>
    </>
  );
}
