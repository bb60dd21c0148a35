import { EmailAuthProvider, reauthenticateWithCredential, type User } from 'firebase/auth';
import { ApiError } from '../api/api-error';
import { runtimeConfig } from '../config/runtime-config';
import { authErrorCode } from './errors';
import { reauthenticateWithProviderPopup } from './federated';
import { auth } from './firebase';

/** The account signs in with a password, so signing in again asks for it. */
export const hasPasswordSignIn = (user: User | null | undefined) =>
  user?.providerData.some((p) => p.providerId === 'password') ?? false;

/** The configured provider the account signs in with (for a popup when it has no password). */
export const federatedProviderOf = (user: User | null | undefined) =>
  runtimeConfig().auth.federated_providers.find((p) => user?.providerData.some((d) => d.providerId === p.id));

/** How the account signs in again: `password` needs the password typed. */
export function reauthenticationMethod(user: User | null | undefined) {
  if (user?.email && hasPasswordSignIn(user)) return { kind: 'password' as const };
  const provider = federatedProviderOf(user);
  return provider ? { kind: 'provider' as const, provider } : null;
}

/**
 * Signs the current user in again before a sensitive change: with the password when the
 * account has one, otherwise with its provider's popup.
 */
export async function reauthenticate(password: string) {
  const user = auth().currentUser;
  if (!user) throw Object.assign(new Error('signed out'), { code: 'auth/user-token-expired' });
  const method = reauthenticationMethod(user);
  if (method?.kind === 'password') {
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? '', password));
    return;
  }
  if (!method) throw Object.assign(new Error('no provider'), { code: 'auth/requires-recent-login' });
  await reauthenticateWithProviderPopup(method.provider);
}

/** A sensitive change that needs a sign-in from the last 5 minutes, in the SDK's or our API's words. */
export const needsRecentSignIn = (error: unknown) =>
  authErrorCode(error) === 'auth/requires-recent-login' ||
  (error instanceof ApiError && error.code === 'recent_sign_in_required');
