import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './db';

/**
 * Statements read on every request, prepared once per database handle, so the hot path skips
 * building and planning them. A transaction handle gets fresh ones (it lives for one call).
 */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    if ((db as object) instanceof PgTransaction) return prepare(db);
    let s = statements.get(db);
    if (!s) {
      s = prepare(db);
      statements.set(db, s);
    }
    return s;
  };
}
