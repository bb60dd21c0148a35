import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './db';

/** Raw SQL rows on both drivers (node-postgres and PGlite both answer `{ rows }`). */
export async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
