import { IdentityError } from '../identity-error';

// Deliberately loose (RFC 5322 is looser still): one @, no spaces, a dot in the domain.
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

/** Validates an address and returns it trimmed; throws Google's INVALID_EMAIL / MISSING_EMAIL. */
export function requireEmail(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw new IdentityError('MISSING_EMAIL');
  const email = raw.trim();
  if (email.length > 254 || !EMAIL.test(email)) throw new IdentityError('INVALID_EMAIL');
  return email;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
