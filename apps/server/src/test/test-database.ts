import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, migrationsFolder, openDatabase } from '../platform/db';

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
    const database = await openDatabase({ pgliteLoadDataDir: await pgliteTemplate() });
    // A no-op on the template; it would apply anything the template's key missed.
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const directServerUrl = process.env.DATABASE_DIRECT_URL;
  const adminUrl = directServerUrl ?? serverUrl;
  const name = `scanline_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const template = await postgresTemplate(admin, adminUrl);
    await createFromTemplate(admin, name, template);
  } finally {
    await admin.end();
  }
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

/*
 * Every test file used to run initdb (PGlite) or every migration (PostgreSQL) for its own
 * database: about 10 s of PGlite start-up per file on the 2-core CI box. The migrated schema is
 * built once per set of migrations and copied: a PGlite data-directory dump in the temp folder,
 * a template database on the server. Both are keyed by a hash of the migration files, so a new
 * migration makes a new template and no test ever sees a stale schema. docs/develop/testing.md
 */
function migrationsKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(fs.readFileSync(file));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

let pgliteDump: Promise<Uint8Array<ArrayBuffer>> | undefined;

function pgliteTemplate(): Promise<Uint8Array<ArrayBuffer>> {
  pgliteDump ??= (async (): Promise<Uint8Array<ArrayBuffer>> => {
    const file = path.join(os.tmpdir(), `scanline-test-pglite-${migrationsKey()}.tar`);
    if (fs.existsSync(file)) return new Uint8Array(fs.readFileSync(file));
    const database = await openDatabase({});
    try {
      await database.migrate();
      const tar = await database.snapshot?.('none');
      if (!tar) throw new Error('PGlite cannot dump its data directory');
      // Another worker may be writing the same template: each writes its own file, then renames.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      fs.writeFileSync(partial, tar);
      fs.renameSync(partial, file);
      return new Uint8Array(tar);
    } finally {
      await database.close();
    }
  })();
  return pgliteDump;
}

// Any fixed 64-bit number; distinct from the app's migration lock.
const TEMPLATE_LOCK = '7363616e74706c31';

async function postgresTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const template = `scanline_tpl_${migrationsKey()}`;
  await admin.query(`select pg_advisory_lock(x'${TEMPLATE_LOCK}'::bigint)`);
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (found.rowCount) return template;
    // Built under another name and renamed once migrated: a run killed half-way leaves no
    // half-migrated template behind under the name tests look for.
    const building = `scanline_tplbuild_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${building}`);
    const database = await openDatabase({ databaseUrl: withDatabase(adminUrl, building), poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    await admin.query(`alter database ${building} rename to ${template}`);
    return template;
  } finally {
    await admin.query(`select pg_advisory_unlock(x'${TEMPLATE_LOCK}'::bigint)`);
  }
}

async function createFromTemplate(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      // 55006: another session is copying or still connected to the template; it passes.
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
