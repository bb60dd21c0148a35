import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';

/** Whether this machine can make a throwaway PostgreSQL 15 cluster (the outage tests need one). */
export const canMakeCluster = () =>
  fs.existsSync(path.join(BIN, 'initdb')) && fs.existsSync(path.join(BIN, 'pg_ctl'));

/**
 * A PostgreSQL cluster of the test's own (issue 30): stopped and started again to play an
 * outage, which the shared server at DATABASE_URL must never be. As root it runs as `postgres`
 * (initdb refuses root); its folder is mode 700 and removed by `destroy`.
 */
export function makeCluster(port: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanline-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const full = path.join(BIN, cmd);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' });
    else execFileSync(full, args, { stdio: 'pipe' });
  };
  fs.chmodSync(dir, 0o700);
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-o',
      `-p ${port} -k /tmp -c fsync=off -c listen_addresses=127.0.0.1`,
      '-w',
      'start',
      '-l',
      path.join(dir, 'log'),
    ]);
  const stop = (mode: 'fast' | 'immediate' = 'fast') => run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      try {
        stop('immediate');
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
