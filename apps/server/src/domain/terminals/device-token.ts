import { randomBase62 } from '../../platform/ids';

/**
 * Terminal device tokens: `sltd_` + 40 base62 characters (~238 random bits). A prefix of its
 * own, distinct from API keys' `sl_`, so the terminal API can tell the two apart before any
 * lookup. Only the SHA-256 is stored (terminals.device_token_hash).
 */
export const DEVICE_TOKEN_PREFIX = 'sltd_';

export const newDeviceToken = () => `${DEVICE_TOKEN_PREFIX}${randomBase62(40)}`;

export const isDeviceToken = (token: string) => token.startsWith(DEVICE_TOKEN_PREFIX);
