import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../platform/db';

/** Where each test database lives, so a second "replica" can open the same one. */
const locations = new WeakMap<Database, { url: string; directUrl: string | undefined }>();

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new
 * database on the PostgreSQL server named by DATABASE_URL (CI runs the suite both ways).
 *
 * With DATABASE_DIRECT_URL also set, DATABASE_URL is a pooler in transaction mode in front of
 * that server (`scripts/pgbouncer-test.sh` starts PgBouncer and sets both; `.ci/run` runs the
 * live-path files that way): the database is made and dropped on the direct server, the app
 * talks through the pooler, and session-scoped work goes direct as in production.
 */
export async function openTestDatabase(): Promise<{
  database: Database;
  url?: string;
  directUrl?: string;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const directServerUrl = process.env.DATABASE_DIRECT_URL;
  const adminUrl = directServerUrl ?? serverUrl;
  const name = `scanline_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  const directUrl = directServerUrl ? withDatabase(directServerUrl, name) : undefined;
  const database = await openDatabase({ databaseUrl: url, directUrl, poolSize: 5 });
  locations.set(database, { url, directUrl });
  await database.migrate();
  return {
    database,
    url,
    directUrl,
    async drop() {
      await database.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

/** Another process's view of a test database on PostgreSQL: a second app replica's pools. */
export async function openSameDatabase(database: Database, poolSize: number): Promise<Database> {
  const where = locations.get(database);
  if (!where) throw new Error('openSameDatabase: not a PostgreSQL test database');
  return openDatabase({ databaseUrl: where.url, directUrl: where.directUrl, poolSize });
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
