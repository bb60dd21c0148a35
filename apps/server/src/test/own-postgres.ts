import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';

/** Whether this machine can make a throwaway PostgreSQL 15 cluster (the outage tests need one). */
export const canMakeCluster = () =>
  fs.existsSync(path.join(BIN, 'initdb')) && fs.existsSync(path.join(BIN, 'pg_ctl'));

/**
 * A PostgreSQL cluster of the test's own: stopped and started again to play an
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

/**
 * A primary and a streaming standby of the test's own: the primary allows
 * replication from loopback, the standby is `pg_basebackup -R` of it, streaming at once.
 * `pause`/`resume` stop and restart its WAL replay (`pg_wal_replay_pause()`); `stopStandby`
 * plays a replica that went down. `destroy` stops both and removes their folders.
 */
export function makeStreamingPair(
  primaryPort: number,
  standbyPort: number,
  { deferStandby = false, options: extra = '' }: { deferStandby?: boolean; options?: string } = {},
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanline-pgpair-'));
  const primaryData = path.join(dir, 'primary');
  const standbyData = path.join(dir, 'standby');
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const full = path.join(BIN, cmd);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' });
    else execFileSync(full, args, { stdio: 'pipe' });
  };
  fs.chmodSync(dir, 0o700);
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  run('initdb', ['-D', primaryData, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  fs.appendFileSync(path.join(primaryData, 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
  const options = (port: number) => `-p ${port} -k /tmp -c fsync=off -c listen_addresses=127.0.0.1 ${extra}`;
  const startPrimary = () =>
    run('pg_ctl', [
      '-D',
      primaryData,
      '-o',
      options(primaryPort),
      '-w',
      'start',
      '-l',
      path.join(dir, 'primary.log'),
    ]);
  startPrimary();
  const backup = () =>
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      standbyData,
      '-R',
      '--no-sync',
      // An immediate checkpoint: the default spreads it over checkpoint_timeout (minutes).
      '--checkpoint=fast',
    ]);
  const startStandby = () =>
    run('pg_ctl', [
      '-D',
      standbyData,
      '-o',
      options(standbyPort),
      '-w',
      'start',
      '-l',
      path.join(dir, 'standby.log'),
    ]);
  const stopStandby = () => run('pg_ctl', ['-D', standbyData, '-m', 'immediate', '-w', 'stop']);
  /** A bench seeds the primary first, then copies it (streaming 10 GB of WAL while seeding is slower). */
  const makeStandby = () => {
    backup();
    startStandby();
  };
  if (!deferStandby) makeStandby();
  const standbyUrl = `postgres://postgres@127.0.0.1:${standbyPort}/postgres`;
  const psql = (url: string, query: string) =>
    execFileSync(path.join(BIN, 'psql'), [url, '-Atc', query], { stdio: 'pipe' }).toString().trim();
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    standbyUrl,
    /** The servers' logs (`pg_ctl -l`): where auto_explain writes, when a caller turns it on. */
    logs: { primary: path.join(dir, 'primary.log'), standby: path.join(dir, 'standby.log') },
    psql,
    pause: () => psql(standbyUrl, 'select pg_wal_replay_pause()'),
    resume: () => psql(standbyUrl, 'select pg_wal_replay_resume()'),
    makeStandby,
    startStandby,
    stopStandby,
    destroy() {
      for (const data of [standbyData, primaryData]) {
        try {
          run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        } catch {
          // already stopped
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
