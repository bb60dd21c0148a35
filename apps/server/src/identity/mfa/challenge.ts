import type { AppContext } from '../../platform/context';
import type { SessionRequest } from '../sessions/session-request';
import { issueSession, type Session } from '../tokens/issue-session';
import type { IdentityUser } from '../users/find-user';
import { listFactors, presentMfaInfo } from './factors';
import { createPending } from './pending';

export type FirstFactorOutcome =
  | Session
  | { mfaPendingCredential: string; mfaInfo: ReturnType<typeof presentMfaInfo> };

/**
 * After a first factor (password, email link, federated): a user with an enrolled second
 * factor gets `{mfaPendingCredential, mfaInfo}` instead of tokens, which the firebase SDK
 * turns into auth/multi-factor-auth-required; everyone else gets a session.
 */
export async function completeFirstFactor(
  ctx: AppContext,
  { user, provider, request }: { user: IdentityUser; provider: string; request: SessionRequest },
): Promise<FirstFactorOutcome> {
  const factors = await listFactors(ctx.database.db, user.uid);
  if (factors.length === 0) return issueSession(ctx, user, { provider, request, signIn: true });
  const pending = await createPending(ctx, { kind: 'signin', uid: user.uid, provider });
  return { mfaPendingCredential: pending.token, mfaInfo: presentMfaInfo(factors) };
}
