import { createHash } from 'node:crypto';
import type { Close } from '@scanline/contracts';

/**
 * The fields of a close its hash covers: everything the API shows of it but the hash itself and
 * the terminal's label (a label can change; a close cannot). A field added to the contract's
 * `closeSchema` fails the type check below until it is named in one of the two lists
 * (docs/develop/adding-a-close-field.md).
 */
export const HASHED_CLOSE_FIELDS = [
  'id',
  'project_id',
  'terminal_id',
  'number',
  'opened_at',
  'closed_at',
  'closed_by',
  'totals',
  'previous_hash',
] as const satisfies readonly (keyof Close)[];
const UNHASHED_CLOSE_FIELDS = ['hash', 'terminal_label'] as const satisfies readonly (keyof Close)[];
export type HashedClose = Pick<Close, (typeof HASHED_CLOSE_FIELDS)[number]>;

type Unlisted = Exclude<
  keyof Close,
  (typeof HASHED_CLOSE_FIELDS)[number] | (typeof UNHASHED_CLOSE_FIELDS)[number]
>;
// Fails to compile, naming the field, when a close field is in neither list.
const everyCloseFieldListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyCloseFieldListed;
void UNHASHED_CLOSE_FIELDS;

/**
 * Canonical JSON (RFC 8785, JCS, for the values a close holds): object keys sorted by code
 * unit, no whitespace, strings and numbers as ECMAScript's JSON.stringify writes them, arrays in
 * their stored order. Python's `json.dumps(v, sort_keys=True, separators=(',', ':'),
 * ensure_ascii=False)` gives the same bytes for a close.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 (hex) of the close's canonical JSON, UTF-8 (docs/guide/closes.md#the-hash-rule). */
export function closeHash(close: HashedClose): string {
  // Only the hashed fields, even when handed a whole close.
  const body = Object.fromEntries(HASHED_CLOSE_FIELDS.map((field) => [field, close[field]]));
  return createHash('sha256').update(canonicalJson(body), 'utf8').digest('hex');
}
