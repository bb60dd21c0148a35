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
import { useT } from '../../lib/i18n/console-intl';
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
  const { t } = useT();
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
      header: t('account.security.removeTitle'),
      message: t('account.security.removeText', {
        name: factor.displayName || t('auth.factor.defaultName'),
      }),
      acceptLabel: t('account.security.remove'),
      danger: true,
      onAccept: () =>
        guarded(async () => {
          const current = auth().currentUser;
          if (!current) return;
          await multiFactor(current).unenroll(factor);
          ui.toast('success', t('account.security.removed'));
          await load();
        }, t('account.security.removeFailed')),
    });

  if (!user) return null;
  const verified = user.emailVerified;
  return (
    <>
      <PageHeader title={t('account.settings.security')} subtitle={t('account.security.subtitle')} />
      <p className="muted">
        <Link to="/u/settings">{t('account.security.backToSettings')}</Link>
      </p>
      <div className="stack">
        <section className="surface-card panel" aria-labelledby="factors-title">
          <h2 id="factors-title">
            {t('account.security.apps')}{' '}
            {factors && factors.length > 0 ? (
              <Tag severity="success" value={t('account.security.on')} />
            ) : factors ? (
              <Tag severity="warning" value={t('account.security.off')} />
            ) : null}
          </h2>
          {loadError ? (
            <div role="alert">
              <p className="p-error">{t('account.security.loadFailed', { error: loadError })}</p>
              <Button
                label={t('common.tryAgain')}
                className="p-button-outlined"
                onClick={() => void load()}
              />
            </div>
          ) : factors === null ? (
            <p className="muted">{t('common.loadingDots')}</p>
          ) : factors.length === 0 ? (
            <p>{t('account.security.none')}</p>
          ) : (
            <ul className="factor-list">
              {factors.map((f) => (
                <li key={f.uid} className="factor-row">
                  <i className="pi pi-mobile" aria-hidden="true" />
                  <div className="factor-text">
                    <strong>{f.displayName || t('auth.factor.defaultName')}</strong>
                    <span className="muted">
                      {t('account.security.added', { date: formatDate(f.enrollmentTime, false) })}
                    </span>
                  </div>
                  <Button
                    label={t('account.security.remove')}
                    icon="pi pi-trash"
                    className="p-button-outlined p-button-danger p-button-sm"
                    aria-label={t('account.security.removeNamed', {
                      name: f.displayName || t('auth.factor.defaultName'),
                    })}
                    onClick={() => remove(f)}
                  />
                </li>
              ))}
            </ul>
          )}
          {!verified && <p className="p-error">{t('account.security.verifyFirst')}</p>}
          <Button
            label={t('account.mfa.add')}
            icon="pi pi-plus"
            disabled={!verified || factors === null || factors.length >= 5}
            onClick={() => setAdding(true)}
          />
        </section>
        {factors && factors.length > 0 && (
          <section className="surface-card panel" aria-labelledby="recovery-title">
            <h2 id="recovery-title">{t('account.security.recoveryTitle')}</h2>
            <p>{t('account.security.recoveryText')}</p>
            <Button
              label={t('account.security.makeCodes')}
              icon="pi pi-refresh"
              className="p-button-outlined"
              onClick={() =>
                ui.confirm({
                  header: t('account.security.makeCodesTitle'),
                  message: t('account.security.makeCodesText'),
                  acceptLabel: t('account.security.makeCodesAccept'),
                  onAccept: () => guarded(makeCodes, t('account.security.makeCodesFailed')),
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
            ui.toast('success', t('account.security.turnedOn'));
            await guarded(makeCodes, t('account.security.makeCodesFailed'));
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
