import { parse } from '@formatjs/icu-messageformat-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { setTranslator } from '../lib/i18n/current-locale';
import { createFormatter } from '../lib/i18n/format-message';
import english from '../messages/auth/en.json';
import { authErrorMessage } from './errors';

// The texts live in the `auth` catalogue: read through the English one here.
beforeAll(() => {
  const format = createFormatter(
    'en',
    Object.fromEntries(Object.entries(english).map(([id, text]) => [id, parse(text)])),
  );
  setTranslator((id, values) => String(format(id, values)));
});

// Seed §8: every client code it names must reach the user as a sentence, never as a code.
const SEED_CODES = [
  'email-already-in-use',
  'invalid-credential',
  'wrong-password',
  'user-not-found',
  'too-many-requests',
  'user-disabled',
  'user-token-expired',
  'expired-action-code',
  'invalid-action-code',
  'requires-recent-login',
  'password-does-not-meet-requirements',
  'network-request-failed',
  'argument-error',
  'internal-error',
  'user-mismatch',
  'multi-factor-auth-required',
  'unauthorized-domain',
  'popup-blocked',
  'popup-closed-by-user',
  'cancelled-popup-request',
  'web-storage-unsupported',
  'invalid-auth-event',
  'invalid-api-key',
  'operation-not-supported-in-this-environment',
  'weak-password',
  'invalid-email',
  'missing-password',
];

describe('auth error messages', () => {
  it.each(SEED_CODES)('auth/%s has its own human message', (code) => {
    const message = authErrorMessage({ code: `auth/${code}`, message: `Firebase: Error (auth/${code}).` });
    expect(message).not.toMatch(/auth\/|Firebase|Something went wrong\. Try again\./);
    expect(message.length).toBeGreaterThan(15);
  });

  it('never shows the SDK raw text for an unknown code', () => {
    expect(authErrorMessage({ code: 'auth/new-thing', message: 'Firebase: Error (auth/new-thing).' })).toBe(
      'Something went wrong. Try again.',
    );
  });
});
