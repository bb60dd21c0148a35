import type { IdentityUser, ProviderLink } from './find-user';

// Stays in identity/, not api/presenters: the identity service's own routes (identity/routes) answer with it.
const ms = (d: Date | null | undefined) => (d ? String(d.getTime()) : undefined);

/**
 * A user as `accounts:lookup` answers it. `passwordHash` is a fixed marker, never the hash:
 * its presence is how the firebase SDK knows the user is not anonymous.
 */
export function presentUserInfo(user: IdentityUser, links: ProviderLink[]) {
  const providerUserInfo = [
    ...(user.passwordHash && user.email
      ? [
          {
            providerId: 'password',
            federatedId: user.email,
            email: user.email,
            rawId: user.email,
            ...(user.displayName ? { displayName: user.displayName } : {}),
            ...(user.photoUrl ? { photoUrl: user.photoUrl } : {}),
          },
        ]
      : []),
    ...links.map((l) => ({
      providerId: l.providerId,
      federatedId: l.federatedId,
      rawId: l.federatedId,
      ...(l.email ? { email: l.email } : {}),
      ...(l.displayName ? { displayName: l.displayName } : {}),
      ...(l.photoUrl ? { photoUrl: l.photoUrl } : {}),
    })),
  ];
  return {
    localId: user.uid,
    ...(user.email ? { email: user.email } : {}),
    emailVerified: user.emailVerified,
    ...(user.displayName ? { displayName: user.displayName } : {}),
    ...(user.photoUrl ? { photoUrl: user.photoUrl } : {}),
    ...(user.phoneNumber ? { phoneNumber: user.phoneNumber } : {}),
    ...(user.passwordHash
      ? { passwordHash: 'UkVEQUNURUQ=', passwordUpdatedAt: user.passwordUpdatedAt?.getTime() }
      : {}),
    providerUserInfo,
    validSince: String(Math.floor(user.tokensValidAfter.getTime() / 1000)),
    disabled: user.disabled,
    createdAt: ms(user.createdAt),
    lastLoginAt: ms(user.lastLoginAt),
    ...(user.lastRefreshAt ? { lastRefreshAt: user.lastRefreshAt.toISOString() } : {}),
  };
}
