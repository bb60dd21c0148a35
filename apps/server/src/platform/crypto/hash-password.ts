import { hash, verify } from '@node-rs/argon2';

// OWASP password storage cheat sheet: argon2id, m=19 MiB, t=2, p=1. Passwords are hashed
// whole: no truncation (bcrypt's 72-byte limit is one reason not to use it).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, so an unknown email cannot be told
 * apart from a wrong password by timing (no user enumeration).
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword('scanline-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
