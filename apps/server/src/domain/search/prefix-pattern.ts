import { type SQL, sql } from 'drizzle-orm';

/** `q` as a LIKE pattern matching strings that start with it: `%`, `_` and `\` taken literally. */
export const likePrefix = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `q` as a LIKE pattern matching strings that contain it. */
export const likeContains = (q: string) => `%${likePrefix(q)}`;

/**
 * The form a case-insensitive prefix search compares, and that its index holds:
 * `lower(column) COLLATE "C"`. Under the C collation a LIKE with a fixed prefix becomes an
 * index range (under a linguistic collation it cannot), and the same expression orders the
 * matches straight from the index, so a one-letter prefix over a million rows reads only the
 * first few entries.
 */
export const foldedC = (column: SQL | SQL.Aliased | unknown) => sql`(lower(${column}) collate "C")`;
