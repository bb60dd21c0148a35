import type { invitations } from '../../db/schema';

export type InvitationRow = typeof invitations.$inferSelect;

/** The invitations to send: each with the token for its link (only the hash is kept). */
export interface IssuedInvitation {
  invitation: InvitationRow;
  token: string;
}

/** How an address is compared: an invitation matches its invitee whatever the case or spaces. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
