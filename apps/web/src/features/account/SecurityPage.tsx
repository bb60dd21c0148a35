import { useQueryClient } from '@tanstack/react-query';
import { type MultiFactorInfo, multiFactor } from 'firebase/auth';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { mainApi } from '../../api/clients';
import { useAuth } from '../../auth/auth-context';
import { ConfirmIdentityDialog } from '../../auth/ConfirmIdentityDialog';
import { auth } from '../../auth/firebase';
import { useFormatDate } from '../../theme/display-time-zone';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { AddAuthenticatorDialog } from './AddAuthenticatorDialog';
import { RecoveryCodesDialog } from './RecoveryCodesDialog';
import { SessionsPanel } from './SessionsPanel';
import { useEnrolledFactors } from './use-enrolled-factors';
import { useRecentSignIn } from './use-recent-sign-in';

export default function SecurityPage() {
  const formatDate = useFormatDate();
  const { user } = useAuth();
  const ui = useUi();
  const { factors, loadError, load } = useEnrolledFactors();
  const [adding, setAdding] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { retry, guarded, askThen, cancel, confirmed } = useRecentSignIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const then = searchParams.get('then');
  const returnTo = then?.startsWith('/') && !then.startsWith('//') ? then : null;

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
          onNeedsSignIn={() => askThen(async () => setAdding(true))}
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
      {retry && <ConfirmIdentityDialog onCancel={cancel} onConfirmed={confirmed} />}
    </>
  );
}
