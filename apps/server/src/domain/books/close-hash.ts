import { createHash } from 'node:crypto';
import type { ClosedBy, CloseTotalsEntry } from '../../db/schema';

/** The fields of a close the hash covers: everything it says, `hash` itself excepted. */
export interface HashedClose {
  id: string;
  project_id: string;
  terminal_id: string;
  number: number;
  opened_at: string;
  closed_at: string;
  closed_by: ClosedBy;
  totals: CloseTotalsEntry[];
  previous_hash: string;
}

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
  const { id, project_id, terminal_id, number, opened_at, closed_at, closed_by, totals, previous_hash } =
    close;
  const body = {
    id,
    project_id,
    terminal_id,
    number,
    opened_at,
    closed_at,
    closed_by,
    totals,
    previous_hash,
  };
  return createHash('sha256').update(canonicalJson(body), 'utf8').digest('hex');
}
