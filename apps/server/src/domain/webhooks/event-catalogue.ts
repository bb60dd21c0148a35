import {
  EVENT_DATA_SCHEMAS,
  EVENT_DESCRIPTIONS,
  type EventTypeInfo,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '@scanline/contracts';
import { z } from 'zod';

// `GET /api/v1/event-types`: every type with the JSON Schema of its body and an example, so a
// receiver can generate types or validate. Built once from the contracts' wire schemas.

const at = '2026-11-22T15:04:05.000Z';
const terminal = {
  id: 'trm_4dJ8w2QpZr7uVb1XcN6sTy',
  label: 'Counter 1',
  kind: 'physical',
  location: 'Front desk',
  serial: 'SN-000123',
  status: 'online',
  last_seen_at: at,
  app_version: '1.4.0',
  device_model: 'Galaxy Tab A9',
  battery: 87,
  network: 'wifi',
  paired_at: at,
  created_at: at,
};
const transaction = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 'txn_9QpL2mW7vXk3RtY8bN1cZa',
  status,
  amount: 1250,
  currency: 'USD',
  // A 15 % tip once paid, and the cashier signed in on the terminal.
  tip_amount: ['pending', 'canceled', 'expired'].includes(status) ? 0 : 188,
  amount_total: ['pending', 'canceled', 'expired'].includes(status) ? 1250 : 1438,
  amount_paid: ['pending', 'canceled', 'expired', 'failed'].includes(status) ? 0 : 1250,
  amount_due: ['pending', 'canceled', 'expired', 'failed'].includes(status) ? 1250 : 0,
  cashier_id: 'stf_4kT9pQ2mW7vXk3RtY8bN1c',
  cashier_name: 'Ana',
  amount_refunded: 0,
  reference: 'Order 1042',
  metadata: null,
  terminal_id: terminal.id,
  terminal_label: terminal.label,
  provider: 'simulator',
  provider_reference: status === 'pending' ? null : 'sim_pi_3QpLx',
  card_brand: status === 'pending' ? null : 'visa',
  card_last4: status === 'pending' ? null : '4242',
  card_wallet: null,
  failure_code: null,
  failure_message: null,
  last_payment_error: null,
  tax_rate: 19,
  fee: status === 'pending' ? null : 43,
  net: status === 'pending' ? null : 1207,
  payout_id: null,
  expires_at: '2026-11-22T15:19:05.000Z',
  succeeded_at: null,
  created_at: at,
  updated_at: at,
  ...extra,
});
export const closeExample = {
  id: 'cls_3mT8qW1xR5vK9pL2nB7cYd',
  project_id: 'prj_8sK2mQ7vL1xR4tW9pB3nCe',
  terminal_id: terminal.id,
  terminal_label: terminal.label,
  number: 42,
  opened_at: '2026-11-21T22:00:00.000Z',
  closed_at: at,
  closed_by: { kind: 'user', id: 'Xk2mQ9pL3vR7tY1bN8cZ4wJ6sA5d', label: 'sam@example.com' },
  totals: [
    {
      currency: 'EUR',
      payments_count: 3,
      gross: 3750,
      refunds_count: 1,
      refunds: 1250,
      net: 2500,
      tips: 0,
      by_brand: [{ card_brand: 'visa', count: 3, amount: 3750 }],
      by_tax_rate: [{ rate: 19, gross: 2500, net: 2100, tax: 400 }],
      by_cashier: [],
      grand_total: 918_250,
    },
  ],
  previous_hash: 'c0a5f2e8b1d4c7a09e3f6b2d5a8c1e4f7b0a3d6c9e2f5b8a1d4c7e0a3f6b9c2d',
  hash: '5e1b8c4f7a2d9e6b3c0f5a8d1e4b7c2a9f6e3d0b5c8a1f4e7d2b9c6a3f0e5d8b',
};
export const payoutExample = {
  id: 'po_6vN2kR8xQ3mT7pW1bL9cZf',
  amount: 23_114,
  currency: 'EUR',
  status: 'paid',
  arrival_date: '2026-11-24',
  created_at: at,
  payments_count: 12,
  gross: 24_800,
  fees: 436,
  refunds: 1250,
  provider: 'simulator',
};
const member = {
  user_id: 'Xk2mQ9pL3vR7tY1bN8cZ4wJ6sA5d',
  email: 'sam@example.com',
  display_name: 'Sam Rivera',
  role: 'member',
  created_at: at,
};

const EXAMPLES: Record<WebhookEventType, Record<string, unknown>> = {
  'terminal.paired': terminal,
  'terminal.online': terminal,
  'terminal.offline': { ...terminal, status: 'offline' },
  'scan.created': {
    id: 'scn_2bV7nQ4xLm9RpT3wK8yZcD',
    transaction_id: 'txn_9QpL2mW7vXk3RtY8bN1cZa',
    terminal_id: terminal.id,
    terminal_label: terminal.label,
    outcome: 'opened',
    rejected_reason: null,
    user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)',
    app_version: null,
    paid_at: null,
    created_at: at,
  },
  'transaction.created': transaction('pending'),
  // €5.00 of €12.50 paid in cash at the counter; the rest is still due.
  'transaction.partially_paid': transaction('partially_paid', {
    tip_amount: 0,
    amount_total: 1250,
    amount_paid: 500,
    amount_due: 750,
    provider_reference: null,
    card_brand: null,
    card_last4: null,
    fee: null,
    net: null,
  }),
  'transaction.succeeded': transaction('succeeded', { succeeded_at: at }),
  'transaction.payment_failed': transaction('pending', {
    card_brand: 'visa',
    card_last4: '0002',
    failure_code: 'card_declined',
    failure_message: 'Your card was declined.',
    last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
  }),
  'transaction.failed': transaction('failed', {
    failure_code: 'card_declined',
    failure_message: 'Your card was declined.',
  }),
  'transaction.canceled': transaction('canceled'),
  'transaction.expired': transaction('expired'),
  'transaction.refunded': transaction('refunded', { amount_refunded: 1438, succeeded_at: at }),
  'transaction.refund_failed': transaction('succeeded', { amount_refunded: 0, succeeded_at: at }),
  'member.added': member,
  'member.removed': member,
  'close.created': closeExample,
  'payout.created': payoutExample,
  'payout.paid': payoutExample,
  'webhook.test': { message: 'A test event sent from Scanline.', webhook_id: 'whk_7hR2kP9mQ4xW1vT8nL3bZc' },
};

let catalogue: EventTypeInfo[] | undefined;

export function eventCatalogue(): EventTypeInfo[] {
  catalogue ??= WEBHOOK_EVENT_TYPES.map((type) => {
    const body = z.object({
      type: z.literal(type),
      timestamp: z.string().describe('When the event happened (ISO 8601, UTC).'),
      data: EVENT_DATA_SCHEMAS[type],
    });
    return {
      type,
      description: EVENT_DESCRIPTIONS[type],
      schema: z.toJSONSchema(body, { unrepresentable: 'any' }) as Record<string, unknown>,
      example: { type, timestamp: at, data: EXAMPLES[type] },
    };
  });
  return catalogue;
}
