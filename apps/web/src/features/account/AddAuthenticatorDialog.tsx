import { multiFactor, TotpMultiFactorGenerator, type TotpSecret } from 'firebase/auth';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import QRCode from 'qrcode';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { authErrorCode, authErrorMessage } from '../../auth/errors';
import { auth } from '../../auth/firebase';
import { needsRecentSignIn } from '../../auth/reauthenticate';
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
  const [name, setName] = useState('Authenticator app');
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
      setFieldError('Enter the 6-digit code the app shows.');
      return;
    }
    const current = auth().currentUser;
    if (!secret || !current) return;
    setBusy(true);
    try {
      const assertion = TotpMultiFactorGenerator.assertionForEnrollment(secret, code.trim());
      await multiFactor(current).enroll(assertion, name.trim() || 'Authenticator app');
      await onEnrolled();
    } catch (err) {
      if (authErrorCode(err) === 'auth/invalid-verification-code')
        setFieldError('That code is not right. Check the app and type the code it shows now.');
      else setError(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog header="Add an authenticator" visible onHide={onClose} className="mfa-dialog" modal>
      {error && (
        <p className="p-error" role="alert">
          {error}
        </p>
      )}
      {!secret && !error && <p className="muted">Making a secret for your app…</p>}
      {secret && (
        <form onSubmit={verify} className="p-fluid mfa-add" noValidate>
          <ol className="mfa-steps">
            <li>
              Scan this QR code with your authenticator app.
              {qr && (
                <img
                  src={qr}
                  alt="QR code for your authenticator app"
                  className="mfa-qr"
                  width={220}
                  height={220}
                />
              )}
            </li>
            <li>
              Can’t scan? Enter this key in the app instead:
              <code className="mfa-secret" data-testid="totp-secret">
                {secret.secretKey.replace(/(.{4})/g, '$1 ').trim()}
              </code>
            </li>
            <li>Type the 6-digit code the app shows.</li>
          </ol>
          <FormField id="mfa-name" label="Name" help="So you can tell your authenticators apart.">
            <InputText id="mfa-name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
          </FormField>
          <FormField id="mfa-code" label="6-digit code" error={fieldError ?? undefined}>
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
          <Button type="submit" label="Turn on two-step verification" loading={busy} />
        </form>
      )}
    </Dialog>
  );
}
