import type { InvitationPreview } from '@scanline/contracts';
import { useEffect, useState } from 'react';
import { mainApi } from '../api/clients';
import { InlineMessage } from '../ui/plain-controls';
import { peekDestination } from './redirect';

/** The invitation link's token, when the visitor was on their way to one (`?invitation=`). */
export function invitationTokenOfDestination(): string | null {
  const destination = peekDestination();
  if (!destination) return null;
  return new URL(destination, window.location.origin).searchParams.get('invitation');
}

/**
 * What the invitation the visitor followed is for (issue 31 §14): the sign-in and sign-up
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

export function InvitationNotice({ preview, action }: { preview: InvitationPreview | null; action: string }) {
  if (!preview) return null;
  return (
    <InlineMessage severity="info" className="auth-message invitation-notice">
      <span data-testid="invitation-notice">
        {preview.inviter ? `${preview.inviter} invited you` : 'You are invited'} to join{' '}
        <strong>{preview.project_name}</strong> as {preview.role === 'admin' ? 'an admin' : 'a member'}.{' '}
        {action} as {preview.email} to accept.
      </span>
    </InlineMessage>
  );
}
