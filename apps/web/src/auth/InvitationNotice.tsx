import type { InvitationPreview } from '@scanline/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { mainApi } from '../api/clients';
import { useT } from '../lib/i18n/console-intl';
import type { MessageId } from '../messages/keys';
import { InlineMessage } from '../ui/plain-controls';
import { peekDestination } from './redirect';

/** The invitation link's token, when the visitor was on their way to one (`?invitation=`). */
export function invitationTokenOfDestination(): string | null {
  const destination = peekDestination();
  if (!destination) return null;
  return new URL(destination, window.location.origin).searchParams.get('invitation');
}

/**
 * What the invitation the visitor followed is for: the sign-in and sign-up
 * screens name the project and who invited them. Signed out, the link's token is enough.
 */
export function useInvitationOfDestination(): InvitationPreview | null {
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  useEffect(() => {
    const token = invitationTokenOfDestination();
    if (!token) return;
    const abort = new AbortController();
    mainApi()
      .request<InvitationPreview>(`/invitations/${encodeURIComponent(token)}`, { signal: abort.signal })
      // An expired or used link: the dashboard says so after sign-in.
      .then(setPreview, () => undefined);
    return () => abort.abort();
  }, []);
  return preview;
}

/** `action`: the message naming what to do ("Sign in or create an account"). */
export function InvitationNotice({
  preview,
  action,
}: {
  preview: InvitationPreview | null;
  action: MessageId;
}) {
  const { t, rich } = useT();
  if (!preview) return null;
  const project = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
  const values = {
    inviter: preview.inviter ?? '',
    project: preview.project_name,
    email: preview.email,
    b: project,
  };
  return (
    <InlineMessage severity="info" className="auth-message invitation-notice">
      <span data-testid="invitation-notice">
        {rich(
          preview.inviter
            ? preview.role === 'admin'
              ? 'auth.invitation.byAdmin'
              : 'auth.invitation.byMember'
            : preview.role === 'admin'
              ? 'auth.invitation.admin'
              : 'auth.invitation.member',
          values,
        )}{' '}
        {t('auth.invitation.action', {
          action: t(action),
          email: preview.email,
        })}
      </span>
    </InlineMessage>
  );
}
