import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { freePort } from '../apps/server/src/test/harness';
import { report } from './measure';

// /healthz and /readyz must stay under 50 ms p99 while hostile requests arrive (10 MB
// bodies, 50,000-deep JSON). The real server (PGlite, its own process) is probed alone first —
// the same-run baseline — then while HOSTILE_REQUESTS (default 2,000) hostile requests arrive
// from HOSTILE_CONCURRENCY (default 50) connections at a time.

const HOSTILE = Number(process.env.HOSTILE_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.HOSTILE_CONCURRENCY ?? 50);
const TEN_MB = 10 * 1024 * 1024;
const IDENTITY_SIGN_UP = '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=scanline-local-api-key';

async function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      NODE_ENV: 'production',
      RATE_LIMIT_MULTIPLIER: '0',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, port };
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Sends raw bytes on a new connection; resolves with the status line once answered (or closed). */
function raw(port: number, head: string, body: (socket: net.Socket) => void): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const done = () => {
      socket.destroy();
      resolve(answer.split('\r\n')[0] ?? '');
    };
    socket.on('data', (d) => {
      answer += d.toString('latin1');
      if (answer.includes('\r\n\r\n')) done();
    });
    socket.on('error', done);
    socket.on('close', done);
    socket.write(head);
    body(socket);
  });
}

/** Writes `total` bytes of `fill` in 64 KB pieces while the server keeps reading. */
function stream(socket: net.Socket, total: number, chunked: boolean) {
  const piece = Buffer.alloc(64 * 1024, 0x5b); // '['
  let sent = 0;
  const next = () => {
    while (sent < total && !socket.destroyed) {
      sent += piece.length;
      // Every part of a chunk is written (a short-circuit would break the chunk framing).
      const ok = chunked
        ? socket.write(`${piece.length.toString(16)}\r\n${piece.toString('latin1')}\r\n`, 'latin1')
        : socket.write(piece);
      if (!ok) return void socket.once('drain', next);
    }
  };
  next();
}

/** The four kinds of hostile request, in turn. */
function hostile(port: number, i: number, idToken: string): Promise<string> {
  const deep = '['.repeat(50_000) + ']'.repeat(50_000);
  switch (i % 4) {
    case 0: // 10 MB announced: refused at Content-Length.
      return raw(
        port,
        `POST /api/v1/businesses HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${idToken}\r\nContent-Type: application/json\r\nContent-Length: ${TEN_MB}\r\n\r\n`,
        (s) => stream(s, TEN_MB, false),
      );
    case 1: // 10 MB chunked to a public route: counted as it arrives.
      return raw(
        port,
        `POST ${IDENTITY_SIGN_UP} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
        (s) => stream(s, TEN_MB, true),
      );
    case 2: // 50,000-deep JSON, signed in: refused after 65 brackets.
      return raw(
        port,
        `POST /api/v1/businesses HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${idToken}\r\nContent-Type: application/json\r\nContent-Length: ${deep.length}\r\nConnection: close\r\n\r\n`,
        (s) => s.write(deep),
      );
    default: // 30,000-deep JSON to the identity service (within its 64 KB limit).
      return raw(
        port,
        `POST ${IDENTITY_SIGN_UP} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 60000\r\nConnection: close\r\n\r\n`,
        (s) => s.write('['.repeat(30_000) + ']'.repeat(30_000)),
      );
  }
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

// The prober runs in its own thread: the main thread is busy writing megabytes of hostile
// bodies, and its event loop's delays must not count as the server's.
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
const times = { healthz: [], readyz: [] };
let stop = false;
parentPort.on('message', () => { stop = true; });
(async () => {
  while (!stop) {
    for (const route of ['healthz', 'readyz']) {
      const t0 = performance.now();
      await fetch('http://127.0.0.1:' + workerData.port + '/' + route).then((r) => r.arrayBuffer());
      times[route].push(performance.now() - t0);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  parentPort.postMessage(times);
})();
`;

/** Probes /healthz and /readyz in turn every 5 ms until `until` resolves; each probe's latency. */
async function probe(
  port: number,
  until: Promise<unknown>,
): Promise<{ healthz: number[]; readyz: number[] }> {
  const worker = new Worker(PROBER, { eval: true, workerData: { port } });
  const result = new Promise<{ healthz: number[]; readyz: number[] }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await until;
  worker.postMessage('stop');
  const times = await result;
  await worker.terminate();
  return times;
}

export async function benchHostile() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanline-bench-hostile-'));
  const { child, port } = await startServer(dataDir);
  try {
    const signUp = await fetch(`http://127.0.0.1:${port}${IDENTITY_SIGN_UP}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'hostile@example.test',
        password: 'hostile-bench-pw',
        returnSecureToken: true,
      }),
    }).then((r) => r.json() as Promise<{ idToken: string }>);

    const quiet = await probe(port, new Promise((r) => setTimeout(r, 3_000)));

    const statuses = new Map<string, number>();
    let next = 0;
    const t0 = performance.now();
    const attack = Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < HOSTILE) {
          const status = await hostile(port, next++, signUp.idToken);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    const loaded = await probe(port, attack);
    const attackMs = performance.now() - t0;

    const row = (what: string, xs: number[]) => ({
      name: what,
      value: `p50 ${percentile(xs, 50).toFixed(1)} ms, p99 ${percentile(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (${xs.length})`,
    });
    report(`Probes while ${HOSTILE} hostile requests arrive, ${CONCURRENCY} at a time, PGlite`, [
      row('baseline /healthz, nothing else arriving', quiet.healthz),
      row('baseline /readyz', quiet.readyz),
      row('/healthz under hostile load (target p99 < 50 ms)', loaded.healthz),
      row('/readyz under hostile load (target p99 < 50 ms)', loaded.readyz),
      {
        name: 'ratio p99 /healthz loaded / baseline',
        value: `${(percentile(loaded.healthz, 99) / Math.max(percentile(quiet.healthz, 99), 0.1)).toFixed(2)}×`,
      },
      {
        name: 'hostile requests answered',
        value: [...statuses].map(([s, n]) => `${n}× ${s || '(closed)'}`).join(', '),
      },
      { name: 'hostile requests per second', value: (HOSTILE / (attackMs / 1000)).toFixed(0) },
      { name: 'load average (1 min) while measuring', value: os.loadavg()[0]?.toFixed(2) ?? '?' },
    ]);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
