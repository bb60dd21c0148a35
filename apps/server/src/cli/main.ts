import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../platform/config';
import type { AppContext } from '../platform/context';
import { openDatabase } from '../platform/db';
import { adminTokenPath } from './admin-routes';
import { pgliteDirOf, restoreDatabase } from './backup';
import { listen, listenOptionsOf } from './listen';
import { mailPreview } from './mail-preview';
import { CommandError, operatorCommands, resolveCommand } from './operator-commands';
import { trigger, triggerOptionsOf } from './trigger';

/** Exit codes: 0 done, 1 failure, 2 usage, 3 not found. */
// File arguments are read and written by whichever process runs the command (the server, for
// an embedded database): they are made absolute here, against the operator's directory.
const FILE_FLAGS = new Set(['--out', '--from']);
const absolutePaths = (args: string[]) =>
  args.map((a, i) => (i > 0 && FILE_FLAGS.has(args[i - 1] ?? '') ? path.resolve(a) : a));

/** The server that owns the embedded database, if one is running (its admin file and answer). */
async function runningServer(dataDir: string): Promise<{ url: string; token: string } | null> {
  const tokenFile = adminTokenPath(dataDir);
  if (!fs.existsSync(tokenFile)) return null;
  const found = JSON.parse(fs.readFileSync(tokenFile, 'utf8')) as { url: string; token: string };
  const alive = await fetch(`${found.url}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
  return alive ? found : null;
}

async function run(argv: string[]): Promise<number> {
  // Developer commands talk to a server over HTTP with an API key, never to a database.
  if (argv[0] === 'listen') {
    await listen(listenOptionsOf(argv.slice(1), process.env), (line) => console.log(line));
    return 0;
  }
  if (argv[0] === 'trigger') {
    await trigger(triggerOptionsOf(argv.slice(1), process.env), (line) => console.log(line));
    return 0;
  }
  // Renders from the catalogues the program carries: no database, no server.
  if (argv[0] === 'mail' && argv[1] === 'preview') {
    for (const line of mailPreview(argv.slice(2))) console.log(line);
    return 0;
  }
  const resolved = resolveCommand(argv);
  const name = resolved.name;
  const args = absolutePaths(resolved.args);
  const config = loadConfig();
  if (name === 'restore') {
    if (!config.databaseUrl && (await runningServer(config.dataDir)))
      throw new CommandError(
        'A Scanline server is running on this data directory: stop it first, then restore (it would keep using the old data).',
        1,
      );
    const result = await restoreDatabase(config, args, () =>
      openDatabase({
        databaseUrl: config.databaseUrl,
        directUrl: config.databaseDirectUrl,
        pgliteDir: pgliteDirOf(config),
      }),
    );
    console.log(result.lines.join('\n'));
    return 0;
  }
  // A running server owns an embedded database: ask it to run the command.
  const tokenFile = adminTokenPath(config.dataDir);
  if (!config.databaseUrl && fs.existsSync(tokenFile)) {
    const { url, token } = JSON.parse(fs.readFileSync(tokenFile, 'utf8')) as { url: string; token: string };
    try {
      const res = await fetch(`${url}/_admin/commands`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-token': token },
        body: JSON.stringify({ command: name, args }),
      });
      const body = (await res.json()) as {
        ok?: boolean;
        exit_code?: number;
        lines?: string[];
        detail?: string;
      };
      if (!res.ok) throw new CommandError(body.detail ?? `The server answered ${res.status}.`, 1);
      const out = body.lines ?? [];
      if (body.ok === false) {
        console.error(out.join('\n'));
        return body.exit_code ?? 1;
      }
      console.log(out.join('\n'));
      return 0;
    } catch (error) {
      if (error instanceof CommandError) throw error;
      // A stale file from a server that died: fall through and open the database here.
    }
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    directUrl: config.databaseDirectUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await database.migrate();
    const ctx: AppContext = { config, database, now: () => new Date() };
    const command = operatorCommands[name];
    if (!command) throw new CommandError('Unknown command.', 2);
    console.log((await command(ctx, args)).lines.join('\n'));
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CommandError) {
      console.error(error.message);
      process.exit(error.exitCode);
    }
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(`Failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
