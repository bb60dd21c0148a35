import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { Config } from '../platform/config';
import type { AppContext } from '../platform/context';
import type { Db } from '../platform/db';
import { rowsOf } from '../platform/sql-rows';
import { CommandError, type CommandResult } from './command-error';

// What says "this database holds somebody's data": restore will not overwrite it unasked.
const CORE_TABLES = ['identity_users', 'businesses', 'projects', 'transactions', 'events'];
const GZIP = [0x1f, 0x8b];
const PG_CUSTOM = 'PGDMP';

export const pgliteDirOf = (config: Config) => path.join(config.dataDir, 'pglite');

/** Rows in the core tables (0 when they do not exist yet: a fresh database). */
export async function coreRowCount(db: Db): Promise<number> {
  const present = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_name in (${sql.join(
          CORE_TABLES.map((t) => sql`${t}`),
          sql`, `,
        )})`,
  );
  let total = 0;
  for (const { name } of present) {
    const [row] = await rowsOf<{ n: string }>(db, sql.raw(`select count(*) as n from "${name}"`));
    total += Number(row?.n ?? 0);
  }
  return total;
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new CommandError(
              `${command} was not found on PATH. Install the PostgreSQL client tools of your server's major version (Debian/Ubuntu: apt-get install postgresql-client-15; macOS: brew install libpq).`,
              1,
            )
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0
        ? resolve(err)
        : reject(new CommandError(`${command} failed (exit ${code}): ${err.trim()}`, 1)),
    );
  });
}

/**
 * Replaces the database with the archive in ONE transaction: the schemas the archive holds are
 * dropped and rebuilt from it, or nothing changes. `pg_restore --clean` cannot do this once
 * tables are partitioned (it drops each partition's inherited key on its own, which PostgreSQL
 * refuses), so pg_restore writes the SQL and psql runs it after the drops, all or nothing.
 */
function restorePostgres(databaseUrl: string, from: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const missing = (command: string) =>
      new CommandError(
        `${command} was not found on PATH. Install the PostgreSQL client tools of your server's major version (Debian/Ubuntu: apt-get install postgresql-client-15; macOS: brew install libpq).`,
        1,
      );
    const dump = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file=-', from], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const apply = spawn(
      'psql',
      ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', `--dbname=${databaseUrl}`],
      { stdio: ['pipe', 'ignore', 'pipe'] },
    );
    let err = '';
    for (const child of [dump, apply]) child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    dump.on('error', (e: NodeJS.ErrnoException) => reject(e.code === 'ENOENT' ? missing('pg_restore') : e));
    apply.on('error', (e: NodeJS.ErrnoException) => reject(e.code === 'ENOENT' ? missing('psql') : e));
    apply.stdin.on('error', () => {}); // psql gone early: its exit code says why
    apply.stdin.write(
      'DROP SCHEMA IF EXISTS drizzle CASCADE;\nDROP SCHEMA public CASCADE;\nCREATE SCHEMA public;\n',
    );
    dump.stdout.pipe(apply.stdin);
    const exited = (child: ChildProcess) =>
      new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    void Promise.all([exited(dump), exited(apply)]).then(([dumped, applied]) => {
      if (dumped === 0 && applied === 0) resolve();
      else reject(new CommandError(`Restore failed; the database is unchanged: ${err.trim()}`, 1));
    });
  });
}

const humanSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;

/**
 * `backup --out FILE`. PGlite: a snapshot of the data directory taken inside the
 * process that owns it (the running server, reached as every CLI command is), under PGlite's
 * query lock, so it is what a crash at that instant would leave: PostgreSQL's recovery makes it
 * consistent on load. PostgreSQL: `pg_dump --format=custom` (one consistent transaction).
 */
export async function backupDatabase(ctx: AppContext, args: string[]): Promise<CommandResult> {
  const out = flag(args, 'out');
  if (!out || !path.isAbsolute(out)) throw new CommandError('Give the file to write: backup --out FILE', 2);
  if (fs.existsSync(out) && !args.includes('--force'))
    throw new CommandError(`${out} exists; choose another name or add --force to replace it.`, 2);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const started = Date.now();
  const rows = await coreRowCount(ctx.database.db);
  if (ctx.database.kind === 'postgres') {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${out}`,
      // pg_dump sets session state: never through a pooler in transaction mode.
      ctx.config.databaseDirectUrl ?? ctx.config.databaseUrl ?? '',
    ]);
  } else {
    const snapshot = await ctx.database.snapshot?.();
    if (!snapshot) throw new CommandError('This database cannot be snapshotted.', 1);
    fs.writeFileSync(out, snapshot, { mode: 0o600 });
  }
  fs.chmodSync(out, 0o600);
  return {
    lines: [
      `Backed up the ${ctx.database.kind === 'postgres' ? 'PostgreSQL database' : `embedded database (${pgliteDirOf(ctx.config)})`} to ${out}: ${humanSize(fs.statSync(out).size)}, ${rows.toLocaleString('en-US')} core rows, ${((Date.now() - started) / 1000).toFixed(1)} s.`,
      `Restore it with: npm run cli -- restore --from ${out}`,
    ],
  };
}

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

function kindOf(file: string): 'pglite' | 'postgres' {
  const head = Buffer.alloc(5);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, 5, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head.toString('latin1') === PG_CUSTOM) return 'postgres';
  if (head[0] === GZIP[0] && head[1] === GZIP[1]) return 'pglite';
  throw new CommandError(
    `${file} is not a Scanline backup (neither an embedded snapshot nor a pg_dump archive).`,
    2,
  );
}

/**
 * `restore --from FILE [--force]`, run by the CLI itself (never inside a server): PGlite's data
 * directory can only be replaced while no server holds it. A database that already holds
 * users, projects or payments is refused without `--force`; with it, PGlite's old directory is
 * kept beside the new one, and PostgreSQL's objects are dropped and restored in one transaction.
 */
export async function restoreDatabase(
  config: Config,
  args: string[],
  open: () => Promise<{ db: Db; close(): Promise<void> }>,
): Promise<CommandResult> {
  const from = flag(args, 'from');
  if (!from || !path.isAbsolute(from))
    throw new CommandError('Give the backup to restore: restore --from FILE', 2);
  if (!fs.existsSync(from)) throw new CommandError(`${from} does not exist.`, 3);
  const force = args.includes('--force');
  const kind = kindOf(from);
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== target)
    throw new CommandError(
      `${from} is a backup of ${kind === 'pglite' ? 'the embedded database' : 'a PostgreSQL database'}, but this Scanline uses ${target === 'pglite' ? 'the embedded database' : 'PostgreSQL (DATABASE_URL)'}.`,
      2,
    );
  const started = Date.now();
  const countRows = async () => {
    // A data directory never created is empty; opening it would create one.
    if (target === 'pglite' && !fs.existsSync(path.join(pgliteDirOf(config), 'PG_VERSION'))) return 0;
    const handle = await open();
    try {
      return await coreRowCount(handle.db);
    } finally {
      await handle.close();
    }
  };
  let rows = await countRows();
  if (rows > 0 && !force)
    throw new CommandError(
      `The database is not empty (${rows.toLocaleString('en-US')} users, businesses, projects, transactions and events). Add --force to replace it${target === 'pglite' ? ' (the current data is kept in a folder beside it)' : ''}.`,
      1,
    );
  const lines: string[] = [];
  if (target === 'postgres') {
    await restorePostgres(config.databaseDirectUrl ?? config.databaseUrl ?? '', from);
  } else {
    const dir = pgliteDirOf(config);
    if (fs.existsSync(dir)) {
      const aside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(dir, aside);
      lines.push(`The previous data is in ${aside}.`);
    }
    fs.mkdirSync(dir, { recursive: true });
    const restored = new PGlite(dir, { loadDataDir: new Blob([fs.readFileSync(from)]) });
    await restored.waitReady;
    await restored.close();
  }
  rows = await countRows();
  lines.unshift(
    `Restored ${from} into ${target === 'postgres' ? 'the PostgreSQL database' : pgliteDirOf(config)}: ${rows.toLocaleString('en-US')} core rows, ${((Date.now() - started) / 1000).toFixed(1)} s. Start the server as usual; migrations newer than the backup run at start.`,
  );
  return { lines };
}
