import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { CommandError } from './command-error';
import { parseFlags, problemOf, type ServerTarget, serverTargetOf, whoAmI } from './scanline-client';

export interface ListenOptions {
  target: ServerTarget;
  forwardTo: string;
  /** Event type patterns (`transaction.*`, `terminal.offline`); empty means every event. */
  events: string[];
}

/** One server-sent event as the stream sends it. */
interface StreamedEvent {
  id: string;
  type: string;
  data: string;
}

const DEFAULT_RETRY_MS = 3000;
const FORWARD_TIMEOUT_MS = 10_000;

/**
 * The signing secret `listen` uses for a key: derived from the key (HMAC), so it stays the
 * same across runs and a local handler can keep it in its configuration, like `stripe listen`.
 */
export const listenSecretOf = (apiKey: string) =>
  `whsec_${createHmac('sha256', apiKey).update('scanline listen signing secret').digest('base64')}`;

/** `transaction.*` matches every transaction event; anything else matches itself. */
export function matchesAny(patterns: string[], type: string) {
  if (patterns.length === 0) return true;
  return patterns.some(
    (p) => p === '*' || p === type || (p.endsWith('.*') && type.startsWith(p.slice(0, -1))),
  );
}

export function listenOptionsOf(args: string[], env: NodeJS.ProcessEnv): ListenOptions {
  const { flags, positional } = parseFlags(args, ['--forward-to', '--events', '--url', '--api-key']);
  if (positional.length > 0) throw new CommandError(`Unexpected argument ${positional[0]}.`, 2);
  const forwardTo = flags.get('--forward-to');
  if (!forwardTo || !URL.canParse(forwardTo)) {
    throw new CommandError('Give the local URL to forward to: --forward-to http://localhost:4242/hooks', 2);
  }
  const events = (flags.get('--events') ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  return { target: serverTargetOf(flags, env), forwardTo, events };
}

/** Splits a text/event-stream body into messages; `retry:` lines go to `onRetry`. */
async function* streamedEvents(body: ReadableStream<Uint8Array>, onRetry: (ms: number) => void) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const message: Partial<StreamedEvent> = {};
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') message.id = value;
        else if (field === 'event') message.type = value;
        else if (field === 'data') data.push(value);
        else if (field === 'retry' && /^\d+$/.test(value)) onRetry(Number(value));
      }
      if (message.id && message.type && data.length > 0) {
        yield { id: message.id, type: message.type, data: data.join('\n') } satisfies StreamedEvent;
      }
    }
  }
}

const clock = () => new Date().toISOString().replace('T', ' ').slice(0, 19);

/** Signs an event per Standard Webhooks and POSTs it to the local URL; answers the line to print. */
async function forward(opts: ListenOptions, signer: Webhook, event: StreamedEvent) {
  const started = Date.now();
  const at = new Date();
  let outcome: string;
  try {
    const res = await fetch(opts.forwardTo, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Scanline-Listen/1',
        'webhook-id': event.id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signer.sign(event.id, at, event.data),
      },
      body: event.data,
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    await res.arrayBuffer().catch(() => undefined);
    outcome = `[${res.status}]`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    outcome = `[failed: ${cause ?? (error as Error).message}]`;
  }
  return `${clock()}  ${event.type.padEnd(24)} ${event.id}  ${outcome} ${Date.now() - started} ms`;
}

/**
 * `listen`: reads the key's project events stream and forwards each event, signed, to a local
 * URL, one at a time in the order written; reconnects after a drop from the last event seen.
 * Runs until `signal` aborts (the command: until Ctrl-C).
 */
export async function listen(opts: ListenOptions, print: (line: string) => void, signal?: AbortSignal) {
  const me = await whoAmI(opts.target);
  const secret = listenSecretOf(opts.target.apiKey);
  const signer = new Webhook(secret);
  print(`Ready. Forwarding events of ${me.project.name} (${me.project.id}) to ${opts.forwardTo}`);
  print(`Your webhook signing secret is ${secret}`);
  if (opts.events.length) print(`Only these events: ${opts.events.join(', ')}`);

  let lastEventId: string | undefined;
  let retryMs = DEFAULT_RETRY_MS;
  const url = `${opts.target.baseUrl}/api/v1/projects/${me.project.id}/events/stream`;
  while (!signal?.aborted) {
    try {
      const res = await fetch(url, {
        headers: {
          authorization: `Bearer ${opts.target.apiKey}`,
          accept: 'text/event-stream',
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
        signal,
      });
      if (res.status === 401 || res.status === 403 || res.status === 404) {
        throw new CommandError(`The events stream answered ${await problemOf(res)}`, 1);
      }
      if (!res.ok || !res.body) {
        print(`${clock()}  The events stream answered ${await problemOf(res)}`);
        // The event to resume after is not the project's (any more): start from now.
        if (res.status === 400) lastEventId = undefined;
      } else {
        for await (const event of streamedEvents(res.body, (ms) => {
          retryMs = ms;
        })) {
          lastEventId = event.id;
          if (matchesAny(opts.events, event.type)) print(await forward(opts, signer, event));
        }
      }
    } catch (error) {
      if (error instanceof CommandError || signal?.aborted) throw error;
      print(`${clock()}  Lost the events stream (${(error as Error).message})`);
    }
    if (signal?.aborted) break;
    print(`${clock()}  Reconnecting in ${Math.round(retryMs / 1000)} s…`);
    await new Promise((resolve) => setTimeout(resolve, retryMs));
  }
}
