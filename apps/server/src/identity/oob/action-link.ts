import type { Config } from '../../platform/config';
import { IdentityError } from '../identity-error';

export type ActionMode = 'resetPassword' | 'verifyEmail' | 'signIn' | 'verifyAndChangeEmail';

/** A continue URL is honoured only on an authorised domain (seed §5: unauthorized-domain). */
export function checkContinueUrl(config: Config, raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string') throw new IdentityError('INVALID_CONTINUE_URI');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new IdentityError('INVALID_CONTINUE_URI');
  }
  if (!['http:', 'https:'].includes(url.protocol)) throw new IdentityError('INVALID_CONTINUE_URI');
  if (!config.auth.authorizedDomains.includes(url.hostname)) {
    throw new IdentityError(`UNAUTHORIZED_DOMAIN : Domain not allowlisted by project (${url.hostname})`);
  }
  return url.toString();
}

/** The console's `/auth/action` link, as the firebase SDK's action-code helpers expect it. */
export function actionLink(
  config: Config,
  { mode, code, continueUrl }: { mode: ActionMode; code: string; continueUrl?: string },
): string {
  const url = new URL('/auth/action', config.publicUrl);
  url.searchParams.set('mode', mode);
  url.searchParams.set('oobCode', code);
  url.searchParams.set('apiKey', config.auth.apiKey);
  if (continueUrl) url.searchParams.set('continueUrl', continueUrl);
  url.searchParams.set('lang', 'en');
  return url.toString();
}
