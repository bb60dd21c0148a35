import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface SpawnedServer {
  child: ChildProcess;
  /** What it wrote to stdout, and to stderr, so far (empty for a stream not piped). */
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
  /** SIGKILL if still running (for a test's cleanup). */
  kill: () => void;
  /**
   * Sends `signal` (to its whole process group when spawned `detached`) and resolves once it has
   * exited; at once if it already had.
   */
  signal: (signal: NodeJS.Signals) => Promise<void>;
  /** Resolves once `origin/readyz` answers 200; throws with stderr if it exits or times out first. */
  ready: (origin: string, timeoutMs?: number) => Promise<void>;
}

export interface SpawnOptions {
  /**
   * The environment under `env` (default: a bare one in production mode with JSON logs, on
   * 127.0.0.1, rate limits off).
   */
  baseEnv?: NodeJS.ProcessEnv;
  /** The script after `node --import tsx` (default: the server, `apps/server/src/main.ts`). */
  args?: string[];
  /** Its own process group, so `signal` reaches what it starts too. */
  detached?: boolean;
  stdout?: 'pipe' | 'ignore' | 'inherit';
  stderr?: 'pipe' | 'ignore' | 'inherit';
}

const bareEnv = (): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH ?? '',
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  LOG_FORMAT: 'json',
  RATE_LIMIT_MULTIPLIER: '0',
});

/** The real process (`main.ts` by default) with `env` on top of `baseEnv`. */
export function spawnServer(env: Record<string, string>, opts: SpawnOptions = {}): SpawnedServer {
  const child = spawn(process.execPath, ['--import', 'tsx', ...(opts.args ?? ['apps/server/src/main.ts'])], {
    cwd: repoRoot,
    env: { ...(opts.baseEnv ?? bareEnv()), ...env },
    detached: opts.detached ?? false,
    stdio: ['ignore', opts.stdout ?? 'pipe', opts.stderr ?? 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    out: () => out,
    err: () => err,
    exited,
    kill: () => {
      if (running()) child.kill('SIGKILL');
    },
    async signal(signal) {
      if (!running()) return;
      if (opts.detached) process.kill(-child.pid!, signal);
      else child.kill(signal);
      await exited;
    },
    async ready(origin, timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${err}`);
        const ok = await fetch(`${origin}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`server did not start: ${err}`);
    },
  };
}
