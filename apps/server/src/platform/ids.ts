import { randomBytes } from 'node:crypto';

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Uniform random base62 string (rejection sampling keeps every character equally likely). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += alphabet[byte % 62];
    }
  }
  return out;
}

export type IdPrefix =
  | 'biz'
  | 'prj'
  | 'trm'
  | 'scn'
  | 'txn'
  | 'whk'
  | 'evt'
  | 'dlv'
  | 'key'
  | 'inv'
  | 'mbr'
  | 'aud'
  | 'mail'
  | 'rtk'
  | 'rfd'
  | 'pat'
  | 'mfa'
  | 'rcv'
  | 'req'
  // Staff, cashier sessions, wrong-PIN records.
  | 'stf'
  | 'csn'
  | 'cpf'
  // Closes, payouts, balance entries.
  | 'cls'
  | 'po'
  | 'bal'
  // Tenders: the payments (card, cash) that together pay one transaction.
  | 'tnd'
  // Cash drawers and their movements (paid in, paid out, no sale).
  | 'drw'
  | 'dmv'
  // The catalogue: items and their variants.
  | 'itm'
  | 'var'
  // A basket's line (docs/guide/baskets.md).
  | 'li';

/** Opaque id with a type prefix, e.g. `prj_3xK9…`. 22 base62 chars ≈ 131 bits. */
export const newId = (prefix: IdPrefix) => `${prefix}_${randomBase62(22)}`;

/** Firebase-style user id: 28 base62 characters. */
export const newUid = () => randomBase62(28);
