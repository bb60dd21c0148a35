import { z } from 'zod';

/** The languages the console and the emails to users speak. */
export const USER_LOCALES = ['en', 'de', 'fr', 'es'] as const;
/** Every letter accented, ~35 % longer, in brackets: finds text left in code. */
export const PSEUDO_LOCALE = 'en-XA';
/** A language a user may keep on their account: one of USER_LOCALES or the pseudo-locale. */
export const accountLocaleSchema = z.enum([...USER_LOCALES, PSEUDO_LOCALE]);
export type AccountLocale = z.infer<typeof accountLocaleSchema>;

/** `PATCH /api/v1/me`: the user's language; null follows the browser's again. */
export const updateMeSchema = z.strictObject({
  locale: accountLocaleSchema
    .nullable()
    .describe('The language of the console and of the emails to this user; null follows the browser.'),
});
export type UpdateMe = z.infer<typeof updateMeSchema>;

export const userSchema = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  display_name: z.string().nullable(),
  photo_url: z.string().nullable(),
  sign_in_provider: z.string().nullable(),
  /** The language chosen in Settings → Language; null until one is chosen (the browser's is used). */
  locale: accountLocaleSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

/** One signed-in session (a sign-in and its refresh token), as Settings → Sessions lists it. */
/**
 * What a session's `browser` says when its user agent names none: a fixed token, not a sentence;
 * the console shows it in the reader's language.
 */
export const UNKNOWN_BROWSER = 'Unknown browser';

export const sessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** "Chrome 156 on Linux": the browser and system read from the user agent. */
  browser: z.string(),
  /** The session this request was made from ("this browser"). */
  current: z.boolean(),
  /** The second factor the session passed (`totp`), or null. */
  second_factor: z.string().nullable(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.object({ data: z.array(sessionSchema) });
