import { useQueryClient } from '@tanstack/react-query';
import {
  EmailAuthProvider,
  type MultiFactorInfo,
  type MultiFactorResolver,
  multiFactor,
  reauthenticateWithCredential,
  TotpMultiFactorGenerator,
  type TotpSecret,
} from 'firebase/auth';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { Tag } from 'primereact/tag';
import QRCode from 'qrcode';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { mainApi } from '../../api/clients';
import { useAuth } from '../../auth/auth-context';
import { authErrorCode, authErrorMessage } from '../../auth/errors';
import { reauthenticateWithProviderPopup } from '../../auth/federated';
import { auth } from '../../auth/firebase';
import { isSecondStepRequired, SecondStepForm, secondStepResolver } from '../../auth/SecondStepForm';
import { runtimeConfig } from '../../config/runtime-config';
import { useFormatDate } from '../../theme/display-time-zone';
import { FormField } from '../../ui/FormField';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { SessionsPanel } from './SessionsPanel';

/** A sensitive change that needs a sign-in from the last 5 minutes, in the SDK's or our API's words. */
const needsRecentSignIn = (error: unknown) =>
  authErrorCode(error) === 'auth/requires-recent-login' ||
  (error instanceof ApiError && error.code === 'recent_sign_in_required');

type Action = () => Promise<void>;

export default function SecurityPage() {
  const formatDate = useFormatDate();
  const { user } = useAuth();
  const ui = useUi();
  const [factors, setFactors] = useState<MultiFactorInfo[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [retry, setRetry] = useState<Action | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const then = searchParams.get('then');
  const returnTo = then?.startsWith('/') && !then.startsWith('//') ? then : null;

  const load = useCallback(async () => {
    const current = auth().currentUser;
    if (!current) return;
    setLoadError(null);
    try {
      // enrolledFactors is filled from accounts:lookup: reload for the current list.
      await current.reload();
      setFactors([...multiFactor(current).enrolledFactors]);
    } catch (error) {
      setLoadError(authErrorMessage(error));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  /** Runs `action`; when it needs a recent sign-in, asks for one and then runs it again. */
  const guarded = async (action: Action, failure: string) => {
    try {
      await action();
    } catch (error) {
      if (needsRecentSignIn(error)) setRetry(() => action);
      else ui.toast('error', failure, error instanceof ApiError ? error.message : authErrorMessage(error));
    }
  };

  const makeCodes = async () => {
    const res = await mainApi().request<{ codes: string[] }>('/me/recovery-codes', {
      method: 'POST',
      body: {},
    });
    setCodes(res.codes);
  };

  const remove = (factor: MultiFactorInfo) =>
    ui.confirm({
      header: 'Remove authenticator?',
      message: `Signing in will no longer ask for a code from “${factor.displayName || 'Authenticator app'}”.`,
      acceptLabel: 'Remove',
      danger: true,
      onAccept: () =>
        guarded(async () => {
          const current = auth().currentUser;
          if (!current) return;
          await multiFactor(current).unenroll(factor);
          ui.toast('success', 'Authenticator removed');
          await load();
        }, 'Could not remove the authenticator'),
    });

  if (!user) return null;
  const verified = user.emailVerified;
  return (
    <>
      <PageHeader
        title="Security"
        subtitle="Two-step verification and the browsers where you are signed in."
      />
      <p className="muted">
        <Link to="/u/settings">← Settings</Link>
      </p>
      <div className="stack">
        <section className="surface-card panel" aria-labelledby="factors-title">
          <h2 id="factors-title">
            Authenticator apps{' '}
            {factors && factors.length > 0 ? (
              <Tag severity="success" value="Two-step on" />
            ) : factors ? (
              <Tag severity="warning" value="Two-step off" />
            ) : null}
          </h2>
          {loadError ? (
            <div role="alert">
              <p className="p-error">Could not load your authenticators: {loadError}</p>
              <Button label="Try again" className="p-button-outlined" onClick={() => void load()} />
            </div>
          ) : factors === null ? (
            <p className="muted">Loading…</p>
          ) : factors.length === 0 ? (
            <p>
              No authenticator yet. Add one (Google Authenticator, 1Password, Authy…) and signing in will ask
              for its 6-digit code after your password.
            </p>
          ) : (
            <ul className="factor-list">
              {factors.map((f) => (
                <li key={f.uid} className="factor-row">
                  <i className="pi pi-mobile" aria-hidden="true" />
                  <div className="factor-text">
                    <strong>{f.displayName || 'Authenticator app'}</strong>
                    <span className="muted">Added {formatDate(f.enrollmentTime, false)}</span>
                  </div>
                  <Button
                    label="Remove"
                    icon="pi pi-trash"
                    className="p-button-outlined p-button-danger p-button-sm"
                    aria-label={`Remove ${f.displayName || 'Authenticator app'}`}
                    onClick={() => remove(f)}
                  />
                </li>
              ))}
            </ul>
          )}
          {!verified && <p className="p-error">Verify your email address before adding an authenticator.</p>}
          <Button
            label="Add an authenticator"
            icon="pi pi-plus"
            disabled={!verified || factors === null || factors.length >= 5}
            onClick={() => setAdding(true)}
          />
        </section>
        {factors && factors.length > 0 && (
          <section className="surface-card panel" aria-labelledby="recovery-title">
            <h2 id="recovery-title">Recovery codes</h2>
            <p>
              If you lose your phone, a recovery code signs you in once instead of the 6-digit code. Making a
              new set stops the old codes from working.
            </p>
            <Button
              label="Make new recovery codes"
              icon="pi pi-refresh"
              className="p-button-outlined"
              onClick={() =>
                ui.confirm({
                  header: 'Make new recovery codes?',
                  message: 'Your current recovery codes stop working at once.',
                  acceptLabel: 'Make new codes',
                  onAccept: () => guarded(makeCodes, 'Could not make recovery codes'),
                })
              }
            />
          </section>
        )}
        <SessionsPanel />
      </div>
      {adding && (
        <AddAuthenticatorDialog
          email={user.email ?? ''}
          onClose={() => setAdding(false)}
          // After signing in again the dialog opens anew with a fresh secret.
          onNeedsSignIn={() => setRetry(() => async () => setAdding(true))}
          onEnrolled={async () => {
            setAdding(false);
            await load();
            ui.toast('success', 'Two-step verification is on');
            await guarded(makeCodes, 'Could not make recovery codes');
          }}
        />
      )}
      {codes && (
        <RecoveryCodesDialog
          codes={codes}
          onClose={() => {
            setCodes(null);
            // Sent here by a project that requires two-step verification: back to it now.
            if (returnTo) void queryClient.invalidateQueries().then(() => navigate(returnTo));
          }}
        />
      )}
      {retry && (
        <ConfirmIdentityDialog
          onCancel={() => setRetry(null)}
          onConfirmed={async () => {
            const action = retry;
            setRetry(null);
            await guarded(action, 'That did not work');
          }}
        />
      )}
    </>
  );
}

function AddAuthenticatorDialog({
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

function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const ui = useUi();
  const text = `Scanline recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'scanline-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Dialog
      header="Save your recovery codes"
      visible
      onHide={onClose}
      className="mfa-dialog"
      modal
      footer={<Button label="I saved them" onClick={onClose} />}
    >
      <p>
        Each code signs you in once if you lose your authenticator. They are shown only now: download or copy
        them and keep them somewhere safe.
      </p>
      <ul className="recovery-codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="button-row">
        <Button label="Download" icon="pi pi-download" className="p-button-outlined" onClick={download} />
        <Button
          label="Copy"
          icon="pi pi-copy"
          className="p-button-outlined"
          onClick={() =>
            navigator.clipboard.writeText(text).then(
              () => ui.toast('success', 'Recovery codes copied'),
              () => ui.toast('error', 'Could not copy', 'Select the codes and copy them yourself.'),
            )
          }
        />
      </div>
    </Dialog>
  );
}

/** Sign in again (password or provider, then the second step) before a sensitive change. */
function ConfirmIdentityDialog({ onCancel, onConfirmed }: { onCancel: () => void; onConfirmed: () => void }) {
  const user = auth().currentUser;
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resolver, setResolver] = useState<MultiFactorResolver | null>(null);
  const hasPassword = user?.providerData.some((p) => p.providerId === 'password') ?? false;
  const provider = runtimeConfig().auth.federated_providers.find((p) =>
    user?.providerData.some((d) => d.providerId === p.id),
  );
  const run = async (step: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await step();
      onConfirmed();
    } catch (err) {
      if (isSecondStepRequired(err)) setResolver(secondStepResolver(err));
      else setError(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog header="Confirm it’s you" visible onHide={onCancel} className="mfa-dialog" modal>
      {resolver ? (
        <SecondStepForm resolver={resolver} onDone={onConfirmed} onRestart={() => setResolver(null)} />
      ) : (
        <>
          <p>For your security, sign in again to make this change.</p>
          {error && (
            <p className="p-error" role="alert">
              {error}
            </p>
          )}
          {hasPassword && user?.email ? (
            <form
              className="p-fluid"
              onSubmit={(e) => {
                e.preventDefault();
                void run(() =>
                  reauthenticateWithCredential(
                    user,
                    EmailAuthProvider.credential(user.email ?? '', password),
                  ),
                );
              }}
            >
              <FormField id="reauth-password" label="Password">
                <Password
                  inputId="reauth-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  feedback={false}
                  toggleMask
                  autoComplete="current-password"
                  autoFocus
                />
              </FormField>
              <Button type="submit" label="Continue" loading={busy} />
            </form>
          ) : provider ? (
            <Button
              label={`Continue with ${provider.display_name}`}
              loading={busy}
              onClick={() => void run(() => reauthenticateWithProviderPopup(provider))}
            />
          ) : (
            <p>Sign out and sign in again, then retry.</p>
          )}
        </>
      )}
    </Dialog>
  );
}
