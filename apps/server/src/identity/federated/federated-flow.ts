import { and, eq, gt, isNull } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { identityFederatedFlows, identityFederatedHandles } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { hashToken } from '../../platform/crypto/hash-token';
import { AppError } from '../../platform/errors';
import { randomBase62 } from '../../platform/ids';
import { findProvider, loadProvider } from './provider-registry';

const FLOW_LIFETIME_MS = 10 * 60_000;
const HANDLE_LIFETIME_MS = 5 * 60_000;

export type FlowMode = 'popup' | 'redirect';

export const callbackUrl = (ctx: AppContext, name: string) =>
  `${ctx.config.publicUrl}/auth/federated/${name}/callback`;

/** Only a path on our own origin may be returned to (no open redirect). */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\'))
    return null;
  return raw.slice(0, 2000);
}

function requireProvider(ctx: AppContext, name: string) {
  const provider = findProvider(ctx.config, { name });
  if (!provider) throw new AppError('not_found', `No sign-in provider named ${name}.`);
  return provider;
}

/** Starts the authorisation-code flow with PKCE; returns the provider URL and the state to bind to the browser. */
export async function startFlow(
  ctx: AppContext,
  { name, mode, returnTo }: { name: string; mode: FlowMode; returnTo: string | null },
) {
  const provider = requireProvider(ctx, name);
  const { client } = await loadProvider(ctx.config, provider).catch(() => {
    throw new AppError(
      'service_unavailable',
      `The sign-in provider ${provider.display_name} cannot be reached.`,
    );
  });
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const now = ctx.now();
  await ctx.database.db.insert(identityFederatedFlows).values({
    stateHash: hashToken(state),
    providerName: name,
    codeVerifier,
    nonce,
    mode,
    returnTo,
    createdAt: now,
    expiresAt: new Date(now.getTime() + FLOW_LIFETIME_MS),
  });
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: callbackUrl(ctx, name),
    scope: provider.scopes,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.toString(), state };
}

/**
 * Finishes the flow: exchanges the code (checking state, PKCE and nonce) and parks the
 * provider's ID token behind a short-lived, single-use handle for the console to collect.
 */
export async function finishFlow(
  ctx: AppContext,
  { name, currentUrl, state }: { name: string; currentUrl: URL; state: string },
) {
  const db = ctx.database.db;
  const [flow] = await db
    .delete(identityFederatedFlows)
    .where(
      and(
        eq(identityFederatedFlows.stateHash, hashToken(state)),
        eq(identityFederatedFlows.providerName, name),
      ),
    )
    .returning();
  if (!flow || flow.expiresAt <= ctx.now()) {
    throw new AppError('bad_request', 'This sign-in attempt expired or was already used. Start again.');
  }
  const provider = requireProvider(ctx, name);
  const { client } = await loadProvider(ctx.config, provider);
  let idToken: string | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(client, currentUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: state,
      expectedNonce: flow.nonce,
    });
    idToken = tokens.id_token;
  } catch (error) {
    throw new AppError(
      'bad_request',
      `The sign-in provider refused the sign-in: ${(error as Error).message}`,
    );
  }
  if (!idToken) throw new AppError('bad_request', 'The sign-in provider returned no ID token.');
  const handle = randomBase62(40);
  const now = ctx.now();
  await db.insert(identityFederatedHandles).values({
    handleHash: hashToken(handle),
    providerId: provider.provider_id,
    idToken,
    createdAt: now,
    expiresAt: new Date(now.getTime() + HANDLE_LIFETIME_MS),
  });
  return { handle, mode: flow.mode, returnTo: flow.returnTo };
}

/** Hands the credential to the console once. */
export async function collectHandle(ctx: AppContext, handle: string) {
  const now = ctx.now();
  const [row] = await ctx.database.db
    .update(identityFederatedHandles)
    .set({ usedAt: now })
    .where(
      and(
        eq(identityFederatedHandles.handleHash, hashToken(handle)),
        isNull(identityFederatedHandles.usedAt),
        gt(identityFederatedHandles.expiresAt, now),
      ),
    )
    .returning();
  if (!row) throw new AppError('bad_request', 'This sign-in result is unknown, expired or was already used.');
  return { provider_id: row.providerId, id_token: row.idToken };
}

/** The flow's mode, to answer a provider error (access_denied) the way the console expects. */
export async function abandonFlow(ctx: AppContext, state: string) {
  const [flow] = await ctx.database.db
    .delete(identityFederatedFlows)
    .where(eq(identityFederatedFlows.stateHash, hashToken(state)))
    .returning();
  return flow;
}
