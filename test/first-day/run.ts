// `node --import tsx test/first-day/run.ts [--database-url URL] [--url BASE --smtp-port N --cli CMD]`
// The CI step "as a user runs it" (docs/develop/testing.md#as-a-user-runs-it): the README's
// `npm start` in production mode on a fresh data folder (or `--url`: an installation already
// running, such as the container, whose SMTP_URL points at `--smtp-port`), then the first day
// walked from outside. Fails on any server log line at level error or above.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startSmtpPeer } from '../../apps/server/src/test/smtp-peer';
import { runFirstDay } from './journey';
import { quietPort, type RunningServer, runCommand, startServer } from './processes';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    url: { type: 'string' },
    'smtp-port': { type: 'string' },
    cli: { type: 'string' },
  },
});

const started = Date.now();
const log = (line: string) => console.log(line);
const smtp = await startSmtpPeer(values['smtp-port'] ? Number(values['smtp-port']) : 0);
let server: RunningServer | undefined;
let code = 0;
let dropDatabase = async () => {};

/** A database of its own on the server `--database-url` names, as a new installation has. */
async function freshDatabase(serverUrl: string): Promise<string> {
  const name = `scanline_first_day_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
try {
  let base = values.url;
  let cliEnv: Record<string, string> = {};
  if (!base) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanline-first-day-'));
    const port = await quietPort();
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      LOG_FORMAT: 'json',
      ...(values['database-url'] ? { DATABASE_URL: await freshDatabase(values['database-url']) } : {}),
    };
    log(
      `npm start (${values['database-url'] ? 'PostgreSQL' : 'PGlite'}) on port ${port}, data in ${dataDir}`,
    );
    server = await startServer(['npm', 'start'], env);
    base = server.url;
    cliEnv = env;
    log(`  ready after ${Date.now() - started} ms`);
  }
  const cliCommand = values.cli ? values.cli.split(' ') : ['npm', 'run', '--silent', 'cli', '--'];
  await runFirstDay({
    baseUrl: base,
    mailbox: smtp,
    cli: (args) => runCommand([...cliCommand, ...args], cliEnv),
    log,
  });
  const errors = server?.errors() ?? [];
  if (errors.length) {
    code = 1;
    console.error(`The server logged ${errors.length} error line(s):\n${errors.join('\n')}`);
  }
} catch (error) {
  code = 1;
  console.error((error as Error).stack ?? error);
  if (server) console.error(`--- server output ---\n${server.lines().slice(-80).join('\n')}`);
} finally {
  await server?.stop();
  await smtp.close();
  await dropDatabase();
}
log(`first day ${code === 0 ? 'walked' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(code);
