import { and, eq } from 'drizzle-orm';
import { identityProviderLinks } from '../../db/schema';
import type { Db } from '../../platform/db';
import { IdentityError } from '../identity-error';
import { createUser } from '../users/create-user';
import { findUserByEmail, findUserById, type IdentityUser } from '../users/find-user';
import { markEmailVerifiedIn } from '../users/update-user';
import type { ProviderProfile } from './verify-provider-token';

export type LinkOutcome =
  | { kind: 'signed-in'; user: IdentityUser; isNewUser: boolean }
  | { kind: 'needs-confirmation'; email: string };

/**
 * Finds or makes the user a federated identity belongs to. Linking to an existing account
 * by email happens only when the provider vouches for the address (email_verified), so an
 * unverified provider email can never take over an account.
 */
export async function linkFederatedUser(
  db: Db,
  {
    profile,
    now,
    ...opts
  }: { profile: ProviderProfile; autoCreate: boolean; linkTo?: IdentityUser; now: Date },
): Promise<LinkOutcome> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(identityProviderLinks)
      .where(
        and(
          eq(identityProviderLinks.providerId, profile.providerId),
          eq(identityProviderLinks.federatedId, profile.federatedId),
        ),
      )
      .limit(1);
    if (link) {
      if (opts.linkTo && opts.linkTo.uid !== link.uid)
        throw new IdentityError('FEDERATED_USER_ID_ALREADY_LINKED');
      const user = await findUserById(tx, link.uid);
      if (!user) throw new IdentityError('USER_NOT_FOUND');
      return { kind: 'signed-in', user, isNewUser: false };
    }
    let user = opts.linkTo;
    let isNewUser = false;
    if (!user && profile.email) {
      const existing = await findUserByEmail(tx, profile.email);
      if (existing && !profile.emailVerified) return { kind: 'needs-confirmation', email: profile.email };
      if (existing) {
        user = existing;
        if (!existing.emailVerified) await markEmailVerifiedIn(tx, existing.uid, now);
      }
    }
    if (!user) {
      if (!opts.autoCreate) throw new IdentityError('USER_NOT_FOUND');
      user = await createUser(
        tx,
        {
          email: profile.email ?? null,
          emailVerified: profile.emailVerified,
          displayName: profile.displayName ?? null,
          photoUrl: profile.photoUrl ?? null,
        },
        now,
      );
      isNewUser = true;
    }
    await tx.insert(identityProviderLinks).values({
      uid: user.uid,
      providerId: profile.providerId,
      federatedId: profile.federatedId,
      email: profile.email ?? null,
      displayName: profile.displayName ?? null,
      photoUrl: profile.photoUrl ?? null,
      rawUserInfo: profile.raw,
      createdAt: now,
    });
    return { kind: 'signed-in', user: (await findUserById(tx, user.uid)) ?? user, isNewUser };
  });
}
