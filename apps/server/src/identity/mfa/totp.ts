import { randomBytes } from 'node:crypto';
import { verify } from 'otplib';

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, as authenticator apps read it. */
export function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** A 160-bit shared secret (RFC 4226 recommends 160), base32. */
export const newTotpSecret = () => base32(randomBytes(20));

export const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/**
 * The 30-second step `code` belongs to, within ±1 step of now (RFC 6238 §5.2 drift), or
 * null. The caller refuses a step it already accepted, so one code works once.
 */
export async function matchTotpStep(secret: string, code: string, now: Date): Promise<number | null> {
  if (!isTotpCode(code)) return null;
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: TOTP_PERIOD_S });
  if (!result.valid) return null;
  const delta = (result as { delta?: number }).delta ?? 0;
  return Math.floor(epoch / TOTP_PERIOD_S) + delta;
}
