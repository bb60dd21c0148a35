import { hashPassword, verifyPassword } from '../../platform/crypto/hash-password';
import { AppError } from '../../platform/errors';

// A PIN is stored as an argon2id hash (the password settings: a stolen database
// costs a guesser ~40 ms per PIN and per staff member) next to its keyed lookup (pin-lookup.ts).
export const hashPin = (pin: string) => hashPassword(pin);
export const verifyPin = (pinHash: string, pin: string) => verifyPassword(pinHash, pin);

export const pinInUse = () =>
  new AppError('pin_in_use', 'Another staff member of this project has this PIN; choose another.', [
    { path: 'body.pin', message: 'Already used in this project', code: 'pin_in_use' },
  ]);

/** PostgreSQL's unique violation (the per-project PIN lookup), as pg and PGlite report it. */
export const isUniqueViolation = (error: unknown) =>
  String((error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code) ===
  '23505';
