import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useSearchParams } from 'react-router';
import { send } from '../../api/main-requests';
import { keys } from '../../api/query-keys';
import { useAction } from '../../api/use-action';
import { useAuth } from '../../auth/auth-context';
import { VerifyToAccept } from '../../auth/VerifyEmailBanner';
import { useT } from '../../lib/i18n/console-intl';
import { useInvitationPreview } from '../../shared/team/hooks';
import { useUi } from '../../ui/global-ui';

/** `/u/dashboard?invitation={token}`: what the invitation is for, with accept and decline. */
export function InvitationFromLink() {
  const ui = useUi();
  const { t } = useT();
  const { user, refresh } = useAuth();
  const verified = user?.emailVerified === true;
  const [params, setParams] = useSearchParams();
  const token = params.get('invitation');
  const preview = useInvitationPreview(token);
  const respond = useAction(
    (answer: 'accept' | 'decline') => send('POST', `/invitations/${token}/${answer}`),
    [keys.me, keys.projects],
  );
  if (!token) return null;
  const clear = () => setParams({}, { replace: true });
  if (preview.isPending) return <Message severity="info" text={t('dashboard.opening')} className="mb-3" />;
  if (preview.error) {
    return (
      <Message
        severity="warn"
        className="mb-3"
        content={
          <span>
            {preview.error.message}{' '}
            <Button label={t('dashboard.dismiss')} text size="small" onClick={clear} />
          </span>
        }
      />
    );
  }
  // The link went to the invited address, so opening it signed in as that address
  // proves it; accepting marks it verified (no separate verification step).
  const provedByLink = user?.email?.toLowerCase() === preview.data?.email.toLowerCase();
  const act = async (answer: 'accept' | 'decline') => {
    try {
      await respond.mutateAsync(answer);
      if (answer === 'accept' && !verified) await refresh();
      ui.toast(
        'success',
        answer === 'accept'
          ? t('dashboard.joined', { project: preview.data?.project_name ?? '' })
          : t('dashboard.declined'),
      );
      clear();
    } catch (error) {
      ui.toast('error', t('dashboard.failed'), (error as Error).message);
    }
  };
  return (
    <section className="surface-card invitation-card mb-3" aria-label={t('dashboard.invitation')}>
      <i className="pi pi-envelope" aria-hidden="true" />
      <div>
        <strong>{t('dashboard.invited', { project: preview.data?.project_name ?? '' })}</strong>
        <p className="muted">
          {t('dashboard.asFor', { role: preview.data?.role ?? 'member', email: preview.data?.email ?? '' })}
        </p>
        {!provedByLink && <VerifyToAccept />}
      </div>
      <div className="row-actions">
        <Button
          label={t('dashboard.accept')}
          icon="pi pi-check"
          onClick={() => void act('accept')}
          loading={respond.isPending}
          disabled={!verified && !provedByLink}
        />
        <Button
          label={t('dashboard.decline')}
          text
          severity="secondary"
          onClick={() => void act('decline')}
        />
      </div>
    </section>
  );
}
