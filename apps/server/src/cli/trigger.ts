import { randomUUID } from 'node:crypto';
import type { FleetTerminal, TerminalTransaction } from '@scanline/contracts';
import { formatMoney } from '../domain/money';
import { CommandError } from './command-error';
import { callServer, parseFlags, type ServerTarget, serverTargetOf, whoAmI } from './scanline-client';

/** The events `trigger` can cause, and how: each is a simulated checkout paid with a test card. */
const TRIGGERS: Record<string, { paymentMethod: string; expect: string }> = {
  'transaction.succeeded': { paymentMethod: 'pm_card_visa', expect: 'succeeded' },
};

/** The virtual terminal `trigger` charges on, so no real terminal ever shows a test checkout. */
const TRIGGER_TERMINAL = 'Scanline CLI';

export function triggerOptionsOf(args: string[], env: NodeJS.ProcessEnv) {
  const { flags, positional } = parseFlags(args, ['--url', '--api-key', '--amount']);
  const [event, ...rest] = positional;
  if (!event || rest.length > 0 || !TRIGGERS[event]) {
    throw new CommandError(`Usage: trigger <event> — one of ${Object.keys(TRIGGERS).join(', ')}.`, 2);
  }
  const amount = Number(flags.get('--amount') ?? 1000);
  if (!Number.isInteger(amount) || amount < 1)
    throw new CommandError('--amount is minor units, e.g. 1250.', 2);
  return { target: serverTargetOf(flags, env), event, amount };
}

async function triggerTerminal(target: ServerTarget, projectId: string) {
  const path = `/terminal/v1/projects/${projectId}/terminals`;
  const found = await callServer<{ data: FleetTerminal[] }>(
    target,
    'GET',
    `${path}?label[equals]=${encodeURIComponent(TRIGGER_TERMINAL)}&limit=10`,
  );
  const usable = found.data.find((t) => t.label === TRIGGER_TERMINAL && t.status !== 'disabled');
  if (usable) return usable;
  return callServer<FleetTerminal>(target, 'POST', path, { label: TRIGGER_TERMINAL, kind: 'virtual' });
}

/**
 * `trigger <event>`: makes the event happen in the key's project the way a shop would — a
 * checkout on a virtual terminal, scanned and paid with a simulator test card — so every event
 * of the flow (`transaction.created`, then `transaction.succeeded`) reaches webhooks and
 * `listen`. Projects on Stripe are refused: this would move real money or need Stripe's test mode.
 */
export async function trigger(opts: ReturnType<typeof triggerOptionsOf>, print: (line: string) => void) {
  const { target } = opts;
  const how = TRIGGERS[opts.event]!;
  const me = await whoAmI(target);
  if (me.project.payment_provider !== 'simulator') {
    throw new CommandError(
      `${me.project.name} takes payments through Stripe: trigger only runs on projects on the simulator.`,
      1,
    );
  }
  if (me.mode !== 'write') throw new CommandError('trigger creates a transaction: use a write API key.', 1);
  const terminal = await triggerTerminal(target, me.project.id);
  const txn = await callServer<TerminalTransaction>(
    target,
    'POST',
    '/terminal/v1/transactions',
    // `source: cli` keeps the test payment out of the shop's dashboard figures.
    {
      amount: opts.amount,
      terminal_id: terminal.id,
      reference: `scanline trigger ${opts.event}`,
      source: 'cli',
    },
    { 'idempotency-key': randomUUID() },
  );
  // Money as the operator's language writes it ("€12.50", "12,50 €"), never minor units.
  const amount = formatMoney(txn.amount, txn.currency, Intl.DateTimeFormat().resolvedOptions().locale);
  print(`Created ${txn.id} (${amount}) on terminal ${terminal.id}`);
  // The shopper's side is the public mobile API: no key, as the shopper's phone sends none.
  const token = new URL(txn.payment_url).pathname.split('/').pop() ?? '';
  const shopper = { ...target, apiKey: '' };
  const scan = await callServer<{ id: string }>(shopper, 'POST', '/mobile/v1/scans', { token });
  const paid = await callServer<{ status: string; failure_code?: string }>(
    shopper,
    'POST',
    `/mobile/v1/scans/${scan.id}/payments`,
    { payment_method: how.paymentMethod },
  );
  if (paid.status !== how.expect) {
    throw new CommandError(
      `The payment ended ${paid.status}${paid.failure_code ? ` (${paid.failure_code})` : ''}.`,
      1,
    );
  }
  print(`Paid ${txn.id}: ${paid.status}. Triggered ${opts.event}.`);
  return txn.id;
}
