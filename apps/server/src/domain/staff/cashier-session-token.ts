import { createHash } from 'node:crypto';
import { randomBase62 } from '../../platform/ids';

/** `slcs_…`: 40 base62 characters ≈ 238 bits; only its SHA-256 is stored. */
export const CASHIER_SESSION_PREFIX = 'slcs_';
export const newCashierSessionToken = () => `${CASHIER_SESSION_PREFIX}${randomBase62(40)}`;
export const hashCashierSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const CASHIER_SESSION_PATTERN = /^slcs_[A-Za-z0-9]{40}$/;
