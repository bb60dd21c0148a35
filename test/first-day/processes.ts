import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/test/free-port';
import { quietPort } from '../../scripts/quiet-port.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export { freePort, quietPort };

export interface RunningServer {
  url: string;
  /** Every log line the server wrote (JSON in production). */
  lines: () => string[];
  /** Lines at level error (50) or above, and anything that is not a log line on stderr. */
  errors: () => string[];
  stop: () => Promise<void>;
}

/**
 * A command that starts the server (`npm start`, `node dist/main.js`), in its own process group so
 * the npm wrapper and the server stop together; resolves once `/readyz` answers 200.
 */
export async function startServer(
  command: string[],
  env: Record<string, string>,
  opts: { cwd?: string; readyTimeoutMs?: number } = {},
): Promise<RunningServer> {
  const port = Number(env.PORT);
  const child: ChildProcess = spawn(command[0] ?? 'npm', command.slice(1), {
    cwd: opts.cwd ?? repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const out: string[] = [];
  const err: string[] = [];
  const collect = (into: string[]) => {
    let rest = '';
    return (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop() ?? '';
      into.push(...parts.filter(Boolean));
    };
  };
  child.stdout?.on('data', collect(out));
  child.stderr?.on('data', collect(err));
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code ?? -1;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 180_000);
  for (;;) {
    if (exitCode !== null)
      throw new Error(`the server exited (${exitCode}) before it was ready:\n${[...out, ...err].join('\n')}`);
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline)
      throw new Error(`not ready within the timeout:\n${[...out, ...err].join('\n')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const levelOf = (line: string) => {
    try {
      return (JSON.parse(line) as { level?: number }).level ?? 0;
    } catch {
      return -1;
    }
  };
  return {
    url,
    lines: () => [...out, ...err],
    errors: () => [
      ...out.filter((l) => levelOf(l) >= 50),
      // npm's own notices are not the server's; anything else on stderr is.
      ...err.filter((l) => levelOf(l) >= 50 || (levelOf(l) < 0 && !/^(> |npm (notice|warn))/.test(l.trim()))),
    ],
    async stop() {
      if (exitCode === null && child.pid) {
        process.kill(-child.pid, 'SIGTERM');
        const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** Runs a command to its end; rejects with its output when it fails. */
export function runCommand(command: string[], env: Record<string, string>, cwd = repoRoot): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command[0] ?? 'npm',
      command.slice(1),
      { cwd, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env } },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`${command.join(' ')} failed: ${error.message}\n${stdout}${stderr}`))
          : resolve(stdout),
    );
  });
}
