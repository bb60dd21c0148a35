import type { Invitation, Member } from '@scanline/contracts';
import type { memberships } from '../../db/schema';
import type { InvitationRow } from '../../domain/team/invitation-rows';

export function presentMember(row: {
  membership: typeof memberships.$inferSelect;
  displayName: string | null;
  currentEmail: string | null;
  mfaEnabled: boolean | null;
}): Member {
  return {
    user_id: row.membership.uid,
    email: row.currentEmail ?? row.membership.email,
    display_name: row.displayName,
    role: row.membership.role,
    mfa_enabled: row.mfaEnabled,
    created_at: row.membership.createdAt.toISOString(),
  };
}

export function presentInvitation(i: InvitationRow): Invitation {
  return {
    id: i.id,
    email: i.email,
    role: i.role,
    invited_by: i.invitedBy,
    created_at: i.createdAt.toISOString(),
    expires_at: i.expiresAt.toISOString(),
  };
}
