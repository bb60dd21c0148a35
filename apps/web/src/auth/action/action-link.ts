import { runtimeConfig } from '../../config/runtime-config';

export const MODES = [
  'resetPassword',
  'verifyEmail',
  'signIn',
  'verifyAndChangeEmail',
  'recoverEmail',
] as const;
export type Mode = (typeof MODES)[number];

/** What every action screen gets from the link. */
export interface ActionProps {
  oobCode: string;
  continuePath: string | null;
}

/**
 * A continue URL is followed only back into this console: its own origin, which is the
 * deployment's public URL (the authorised domain), never anywhere else (no open redirect).
 */
export function safeContinuePath(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, window.location.origin);
    const ours = [window.location.origin, new URL(runtimeConfig().public_url).origin];
    return ours.includes(url.origin) ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
