import { multiFactor, TotpMultiFactorGenerator, type TotpSecret } from 'firebase/auth';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import QRCode from 'qrcode';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { authErrorCode, authErrorMessage } from '../../auth/errors';
import { auth } from '../../auth/firebase';
import { needsRecentSignIn } from '../../auth/reauthenticate';
import { useT } from '../../lib/i18n/console-intl';
import { FormField } from '../../ui/FormField';

/** Enrols an authenticator app: a fresh TOTP secret as a QR code and a key, then its first code. */
export function AddAuthenticatorDialog({
  email,
  onClose,
  onEnrolled,
  onNeedsSignIn,
}: {
  email: string;
  onClose: () => void;
  onEnrolled: () => Promise<void>;
  onNeedsSignIn: () => void;
}) {
  const [secret, setSecret] = useState<TotpSecret | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const { t } = useT();
  const [name, setName] = useState(() => t('auth.factor.defaultName'));
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = useCallback(async () => {
    setError(null);
    const current = auth().currentUser;
    if (!current) return;
    try {
      const s = await TotpMultiFactorGenerator.generateSecret(await multiFactor(current).getSession());
      setSecret(s);
      setQr(await QRCode.toDataURL(s.generateQrCodeUrl(email, 'Scanline'), { margin: 1, width: 220 }));
    } catch (err) {
      if (needsRecentSignIn(err)) {
        onClose();
        onNeedsSignIn();
      } else setError(authErrorMessage(err));
    }
  }, [email, onClose, onNeedsSignIn]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one secret per opening of the dialog.
  useEffect(() => {
    void start();
  }, []);

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    setFieldError(null);
    if (!/^\d{6}$/.test(code.trim())) {
      setFieldError(t('account.add.enterCode'));
      return;
    }
    const current = auth().currentUser;
    if (!secret || !current) return;
    setBusy(true);
    try {
      const assertion = TotpMultiFactorGenerator.assertionForEnrollment(secret, code.trim());
      await multiFactor(current).enroll(assertion, name.trim() || t('auth.factor.defaultName'));
      await onEnrolled();
    } catch (err) {
      if (authErrorCode(err) === 'auth/invalid-verification-code') setFieldError(t('account.add.wrongCode'));
      else setError(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog header={t('account.mfa.add')} visible onHide={onClose} className="mfa-dialog" modal>
      {error && (
        <p className="p-error" role="alert">
          {error}
        </p>
      )}
      {!secret && !error && <p className="muted">{t('account.add.making')}</p>}
      {secret && (
        <form onSubmit={verify} className="p-fluid mfa-add" noValidate>
          <ol className="mfa-steps">
            <li>
              {t('account.add.scan')}
              {qr && (
                <img src={qr} alt={t('account.add.qrAlt')} className="mfa-qr" width={220} height={220} />
              )}
            </li>
            <li>
              {t('account.add.cantScan')}
              <code className="mfa-secret" data-testid="totp-secret">
                {secret.secretKey.replace(/(.{4})/g, '$1 ').trim()}
              </code>
            </li>
            <li>{t('account.add.typeCode')}</li>
          </ol>
          <FormField id="mfa-name" label={t('account.add.name')} help={t('account.add.nameHelp')}>
            <InputText id="mfa-name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
          </FormField>
          <FormField id="mfa-code" label={t('account.add.code')} error={fieldError ?? undefined}>
            <InputText
              id="mfa-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={6}
              invalid={fieldError !== null}
              autoFocus
            />
          </FormField>
          <Button type="submit" label={t('account.add.submit')} loading={busy} />
        </form>
      )}
    </Dialog>
  );
}
