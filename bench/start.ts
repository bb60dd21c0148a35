import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/server/src/test/harness';
import { report } from './measure';

/** Milliseconds from spawning `command` until `url` answers 200 (then its process group is stopped). */
async function untilReady(command: string[], env: Record<string, string>, url: (port: number) => string) {
  const port = await freePort();
  const started = performance.now();
  const [file, ...args] = command;
  const child = spawn(file!, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
    // Its own process group: `npm start` runs the server as a grandchild.
    detached: true,
  });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    for (;;) {
      if (
        await fetch(url(port)).then(
          (r) => r.ok,
          () => false,
        )
      )
        return performance.now() - started;
      if (performance.now() - started > 120_000) throw new Error(`${command.join(' ')} never became ready`);
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * A second `npm start` with nothing changed, until /readyz answers, against the
 * floor of the same machine in the same run: Node opening the same PGlite data directory and
 * answering HTTP, nothing else.
 */
export async function benchStart() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanline-bench-start-'));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', LOG_FORMAT: 'json', NODE_ENV: 'production' };
  const floorScript = path.join(dataDir, 'floor.mjs');
  fs.writeFileSync(
    floorScript,
    `import http from 'node:http';
     import { PGlite } from '${path.resolve('node_modules/@electric-sql/pglite/dist/index.js')}';
     const db = new PGlite(${JSON.stringify(path.join(dataDir, 'pglite'))});
     await db.query('select 1');
     http.createServer((q, r) => r.end('ok')).listen(Number(process.env.PORT), '127.0.0.1');`,
  );
  try {
    // The first start builds what changed and creates the database.
    const npmStart = ['npm', 'start', '--silent'];
    const first = await untilReady(npmStart, env, (p) => `http://127.0.0.1:${p}/readyz`);
    const again: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < 3; i++) {
      again.push(await untilReady(npmStart, env, (p) => `http://127.0.0.1:${p}/readyz`));
      floor.push(await untilReady([process.execPath, floorScript], {}, (p) => `http://127.0.0.1:${p}/`));
    }
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    report('npm start until /readyz', [
      { name: 'first `npm start` (builds what changed, creates the database)', value: s(first) },
      { name: 'second `npm start`, nothing changed (median of 3), target < 3 s', value: s(median(again)) },
      { name: 'floor: node + PGlite open + HTTP listen (median of 3)', value: s(median(floor)) },
      { name: 'ratio second start / floor', value: `${(median(again) / median(floor)).toFixed(2)}×` },
      { name: 'load average (1 min) while measuring', value: os.loadavg()[0]?.toFixed(2) ?? '?' },
    ]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
