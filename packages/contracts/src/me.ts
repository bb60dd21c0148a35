import { z } from 'zod';

export const userSchema = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  display_name: z.string().nullable(),
  photo_url: z.string().nullable(),
  sign_in_provider: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** One signed-in session (a sign-in and its refresh token), as Settings → Sessions lists it. */
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
