import type { Db } from '../db';
import { accountLocale, accountLocaleByEmail, accountLocales } from './account-locale';
import { type Translator, translator } from './catalogue';
import { USER_CHOICES } from './locales';
import { parseAcceptLanguage, pickLocale } from './pick-locale';

/** The headers a request's language is read from (Fastify's `request.headers`). */
type Headers = Record<string, string | string[] | undefined>;

/**
 * What a request says about its sender's language, first wish first: the firebase SDK's
 * `X-Firebase-Locale` (sent when the app sets `auth.languageCode`), then `Accept-Language`.
 */
export function requestLanguages(headers: Headers | undefined): string[] {
  if (!headers) return [];
  const firebase = headers['x-firebase-locale'];
  return [
    ...(typeof firebase === 'string' && firebase ? [firebase] : []),
    ...parseAcceptLanguage(headers['accept-language']),
  ];
}

/**
 * The language of an email to a user: the one chosen on their account, else what
 * the request that caused it asks for, else English.
 */
export async function emailTranslatorFor(
  db: Db,
  opts: { uid?: string | null; languages?: readonly string[] },
): Promise<Translator> {
  const chosen = await accountLocale(db, opts.uid);
  return translator('users', pickLocale(USER_CHOICES, chosen, opts.languages));
}

/**
 * The owner and admins an alert goes to, each with their own language (chosen on the account,
 * else English: an alert answers no request of theirs).
 */
export async function withEmailTranslators<R extends { uid: string }>(
  db: Db,
  recipients: R[],
): Promise<(R & { t: Translator })[]> {
  const locales = await accountLocales(
    db,
    recipients.map((r) => r.uid),
  );
  return recipients.map((r) => ({
    ...r,
    t: translator('users', pickLocale(USER_CHOICES, locales.get(r.uid))),
  }));
}

/**
 * An invitation's language: the invitee's own when they already have an account and chose one,
 * else the inviter's (chosen, else the language of the inviter's request), else English.
 */
export async function invitationTranslatorFor(
  db: Db,
  opts: { email: string; inviterUid: string | null; languages?: readonly string[] },
): Promise<Translator> {
  const [invitee, inviter] = await Promise.all([
    accountLocaleByEmail(db, opts.email),
    accountLocale(db, opts.inviterUid),
  ]);
  return translator('users', pickLocale(USER_CHOICES, invitee, inviter, opts.languages));
}
