import type { CurrentApiKey } from '@scanline/contracts';
import { CommandError } from './command-error';

/**
 * What the developer commands (`listen`, `trigger`) need of a Scanline server, over HTTP with
 * an API key: they run against any server, local or remote, never against a database.
 */
export interface ServerTarget {
  /** The server's origin, e.g. http://localhost:3000 (no trailing slash). */
  baseUrl: string;
  apiKey: string;
}

/** `--url` / `--api-key` (or SCANLINE_API_KEY), with the local server's address by default. */
export function serverTargetOf(flags: Map<string, string>, env: NodeJS.ProcessEnv): ServerTarget {
  const apiKey = flags.get('--api-key') ?? env.SCANLINE_API_KEY;
  if (!apiKey) throw new CommandError('Give an API key: --api-key sl_… or SCANLINE_API_KEY.', 2);
  const baseUrl = (flags.get('--url') ?? `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, '');
  if (!URL.canParse(baseUrl)) throw new CommandError(`Not a URL: ${baseUrl}`, 2);
  return { baseUrl, apiKey };
}

/** `--name value` pairs after the positional arguments; an unknown flag is a usage error. */
export function parseFlags(args: string[], known: string[]) {
  const flags = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    if (!known.includes(name)) throw new CommandError(`Unknown option ${name}.`, 2);
    const value = inline ?? args[++i];
    if (value === undefined) throw new CommandError(`${name} needs a value.`, 2);
    flags.set(name, value);
  }
  return { flags, positional };
}

/** A problem+json answer's detail, or the status line. */
export async function problemOf(res: Response) {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { detail?: string; code?: string };
    return `${res.status} ${body.code ?? ''}: ${body.detail ?? text}`.trim();
  } catch {
    return `${res.status} ${text.slice(0, 200)}`.trim();
  }
}

/** Calls the server with the key; a refusal becomes a CommandError naming the call. */
export async function callServer<T>(
  target: ServerTarget,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${target.baseUrl}${path}`, {
      method,
      headers: {
        ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new CommandError(`Cannot reach ${target.baseUrl}: ${(error as Error).message}`, 1);
  }
  if (!res.ok) throw new CommandError(`${method} ${path} answered ${await problemOf(res)}`, 1);
  return (await res.json()) as T;
}

/** The key's own record and project. */
export const whoAmI = (target: ServerTarget) => callServer<CurrentApiKey>(target, 'GET', '/api/v1/api-key');
