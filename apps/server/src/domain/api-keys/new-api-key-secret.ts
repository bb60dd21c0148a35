import { randomBase62 } from '../../platform/ids';

/** `sl_<8-char prefix>_<32 chars>`: ~238 random bits; the prefix is what lists show. */
export function newApiKeySecret() {
  const prefix = randomBase62(8);
  return { prefix: `sl_${prefix}`, secret: `sl_${prefix}_${randomBase62(32)}` };
}
