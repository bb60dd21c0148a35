import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

// A local stand-in for the parts of Stripe's API our provider calls (Stripe's servers are
// unreachable from tests): PaymentIntents create/retrieve/confirm (and, for manual capture,
// capture and cancel), refunds, idempotency keys,
// and signed webhook events. Outcomes follow Stripe's test payment methods.

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  /** `manual`: a confirmed card is only authorised (`requires_capture`) until captured or canceled. */
  capture_method: 'automatic' | 'manual';
  client_secret: string;
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: { code: string; decline_code?: string; message: string } | null;
  next_action: unknown;
  livemode: false;
}

interface Charge {
  id: string;
  object: 'charge';
  payment_intent: string;
  amount: number;
  currency: string;
  amount_refunded: number;
  /** False while a manual-capture intent holds the card's authorisation only. */
  captured: boolean;
  payment_method_details: {
    type: 'card';
    card: { brand: string; last4: string; wallet: { type: string } | null };
  };
}

/** A domain registered for wallets (`/v1/payment_method_domains`). */
interface PaymentMethodDomain {
  id: string;
  object: 'payment_method_domain';
  domain_name: string;
  enabled: boolean;
  apple_pay: { status: 'active' | 'inactive'; status_details?: { error_message: string } };
  google_pay: { status: 'active' | 'inactive' };
  created: number;
  livemode: false;
}

const METHODS: Record<
  string,
  { brand: string; last4: string; outcome: string; decline?: string; wallet?: string }
> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeeded' },
  // The stand-in's own: what Stripe.js sends after the phone's Apple Pay / Google Pay sheet, a
  // card that reports its wallet on the charge.
  pm_standin_apple_pay: { brand: 'visa', last4: '4242', outcome: 'succeeded', wallet: 'apple_pay' },
  pm_standin_google_pay: { brand: 'mastercard', last4: '4444', outcome: 'succeeded', wallet: 'google_pay' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeeded' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'declined', decline: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    outcome: 'declined',
    decline: 'insufficient_funds',
  },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'requires_action' },
};

/** A balance transaction: what a charge or refund moved, its fee, and its payout. */
interface BalanceTransaction {
  id: string;
  object: 'balance_transaction';
  created: number;
  amount: number;
  fee: number;
  net: number;
  currency: string;
  /** Stripe's other kinds too: `adjustment`, `dispute`, `stripe_fee`… */
  type: string;
  source: string | Record<string, unknown> | null;
  payout: string | null;
  description?: string | null;
  /** Set when the account settles in another currency than the charge's. */
  exchange_rate?: number | null;
}

/** Zero-decimal currencies the stand-in's conversions meet. */
const ZERO_DECIMAL = new Set(['jpy', 'krw']);

interface StripePayout {
  id: string;
  object: 'payout';
  amount: number;
  currency: string;
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
  arrival_date: number;
  created: number;
  reconciliation_status: 'not_applicable' | 'in_progress' | 'completed';
}

const rid = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `a[b]=1&c[0]=x` → `{a: {b: '1'}, c: {0: 'x'}}` (just what the SDK's form encoding needs). */
function parseForm(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = out as Record<string, unknown>;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) node[p] = value;
      else {
        node[p] ??= {};
        node = node[p] as Record<string, unknown>;
      }
    });
  }
  return out;
}

export interface StripeStandIn {
  url: string;
  intents: Map<string, Intent>;
  charges: Charge[];
  refunds: {
    id: string;
    payment_intent: string;
    amount: number;
    status: 'succeeded' | 'pending' | 'failed';
    failure_reason?: string;
    idempotencyKey?: string;
  }[];
  /** What the next refund answers: Stripe answers `pending` for refunds its bank settles later. */
  nextRefundStatus: 'succeeded' | 'pending';
  /** Stripe's bank settles a pending refund: `succeeded` moves its money, `failed` gives it back. */
  settleRefund(refundId: string, status: 'succeeded' | 'failed'): void;
  /**
   * A refund that had succeeded fails after all (the card's account was closed): Stripe gives
   * its money back to the balance as a `refund_failure` balance transaction (+amount).
   */
  failSucceededRefund(refundId: string, reason?: string): void;
  /** A refund webhook body (`charge.refund.updated`…), signed with `secret`. */
  signedRefundEvent(type: string, refundId: string, secret: string): { payload: string; signature: string };
  requests: { method: string; path: string; idempotencyKey?: string }[];
  balanceTransactions: BalanceTransaction[];
  payouts: Map<string, StripePayout>;
  /** Stripe's automatic payout: every balance transaction not yet paid out, as one payout. */
  createPayout(status?: StripePayout['status']): StripePayout;
  /**
   * The account's settlement currency and rate (settlement units per charge unit): charges and
   * refunds in another currency reach the balance converted, with `exchange_rate` set.
   */
  settlement: { currency: string; rate: number } | null;
  /** A balance transaction that is not a charge or refund (a dispute, Stripe's own fee…). */
  addBalanceTransaction(
    bt: Pick<BalanceTransaction, 'type' | 'amount' | 'fee' | 'currency'> & {
      description?: string;
      source?: Record<string, unknown> | null;
    },
  ): void;
  /** A payout webhook body (`payout.paid`, `payout.reconciliation_completed`…), signed with `secret`. */
  signedPayoutEvent(type: string, payoutId: string, secret: string): { payload: string; signature: string };
  /** Domains registered for Apple Pay and Google Pay. */
  paymentMethodDomains: Map<string, PaymentMethodDomain>;
  /** Whether Apple finds the association file on a domain registered or validated from now on. */
  applePayVerified: boolean;
  /** What Stripe.js does after the shopper passes 3-D Secure: the intent succeeds. */
  completeAction(intentId: string): void;
  /** A webhook body and its Stripe-Signature header, signed with `secret`. */
  signedEvent(type: string, intentId: string, secret: string): { payload: string; signature: string };
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, Intent>();
  const charges: Charge[] = [];
  const refunds: StripeStandIn['refunds'] = [];
  const requests: StripeStandIn['requests'] = [];
  const replays = new Map<string, { status: number; body: unknown }>();
  const balanceTransactions: BalanceTransaction[] = [];
  const payouts = new Map<string, StripePayout>();
  const paymentMethodDomains = new Map<string, PaymentMethodDomain>();
  const wallet = { applePayVerified: true };
  // Apple Pay is active once Apple could read the domain's association file (set by tests).
  const walletStatuses = () => ({
    apple_pay: wallet.applePayVerified
      ? { status: 'active' as const }
      : {
          status: 'inactive' as const,
          status_details: {
            error_message: 'The domain association file could not be downloaded from the domain.',
          },
        },
    google_pay: { status: 'active' as const },
  });
  // Stripe's European card pricing, so fees look real: 1.5 % + 25 (rounded).
  const stripeFee = (amount: number) => Math.round(amount * 0.015) + 25;
  let refundStatus: 'succeeded' | 'pending' = 'succeeded';
  const nextRefundStatus = () => refundStatus;
  const standIn = { settlement: null as StripeStandIn['settlement'] };
  // What reaches the balance of an amount in `currency`: itself, or converted at the rate.
  const settled = (amount: number, currency: string) => {
    const to = standIn.settlement;
    if (!to || to.currency === currency) return { amount, currency, exchange_rate: null };
    const scale = 10 ** ((ZERO_DECIMAL.has(to.currency) ? 0 : 2) - (ZERO_DECIMAL.has(currency) ? 0 : 2));
    return { amount: Math.round(amount * to.rate * scale), currency: to.currency, exchange_rate: to.rate };
  };
  // A refund's money leaves the balance when it succeeds, as one balance transaction.
  const refundMoved = (refundId: string, amount: number, currency: string, type = 'refund') => {
    const s = settled(-amount, currency);
    balanceTransactions.push({
      id: rid('txn'),
      object: 'balance_transaction',
      created: Math.floor(Date.now() / 1000),
      amount: s.amount,
      fee: 0,
      net: s.amount,
      currency: s.currency,
      exchange_rate: s.exchange_rate,
      type,
      source: refundId,
      payout: null,
    });
  };

  const charge = (intent: Intent, method: { brand: string; last4: string; wallet?: string }) => {
    const c: Charge = {
      id: rid('ch'),
      object: 'charge',
      payment_intent: intent.id,
      amount: intent.amount,
      currency: intent.currency,
      amount_refunded: 0,
      captured: intent.capture_method !== 'manual',
      payment_method_details: {
        type: 'card',
        card: {
          brand: method.brand,
          last4: method.last4,
          wallet: method.wallet ? { type: method.wallet } : null,
        },
      },
    };
    charges.push(c);
    intent.latest_charge = c.id;
    intent.next_action = null;
    // Manual capture: the card is authorised, no money moves until the capture.
    if (!c.captured) intent.status = 'requires_capture';
    else settle(intent, c);
  };
  // The captured charge's money reaches the balance (less Stripe's fee).
  const settle = (intent: Intent, c: Charge) => {
    c.captured = true;
    const s = settled(intent.amount, intent.currency);
    const fee = stripeFee(s.amount);
    balanceTransactions.push({
      id: rid('txn'),
      object: 'balance_transaction',
      created: Math.floor(Date.now() / 1000),
      amount: s.amount,
      fee,
      net: s.amount - fee,
      currency: s.currency,
      exchange_rate: s.exchange_rate,
      type: 'charge',
      source: c.id,
      payout: null,
    });
    intent.status = 'succeeded';
  };
  // A refund as the balance list expands it: with its currency, the intent's.
  const refundSource = (id: string) => {
    const r = refunds.find((x) => x.id === id);
    return r && { ...r, object: 'refund', currency: intents.get(r.payment_intent)?.currency };
  };
  const view = (intent: Intent, expand: boolean) => ({
    ...intent,
    latest_charge:
      expand && intent.latest_charge
        ? charges.find((c) => c.id === intent.latest_charge)
        : intent.latest_charge,
  });
  const error = (status: number, type: string, message: string, extra: Record<string, unknown> = {}) => ({
    status,
    body: { error: { type, message, ...extra } },
  });

  const handle = (
    method: string,
    path: string,
    form: Record<string, unknown>,
    auth: string,
  ): { status: number; body: unknown } => {
    if (!/^Bearer sk_test_/.test(auth))
      return error(401, 'invalid_request_error', 'Invalid API Key provided.');
    const expand = JSON.stringify(form.expand ?? '').includes('latest_charge');
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intent: Intent = {
        id: rid('pi'),
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: String(form.currency),
        status: 'requires_payment_method',
        capture_method: form.capture_method === 'manual' ? 'manual' : 'automatic',
        client_secret: '',
        metadata: (form.metadata as Record<string, string>) ?? {},
        latest_charge: null,
        last_payment_error: null,
        next_action: null,
        livemode: false,
      };
      intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString('hex')}`;
      intents.set(intent.id, intent);
      return { status: 200, body: view(intent, expand) };
    }
    const held = /^\/v1\/payment_intents\/([^/]+)\/(capture|cancel)$/.exec(path);
    if (method === 'POST' && held) {
      const intent = intents.get(held[1]!);
      if (!intent)
        return error(404, 'invalid_request_error', 'No such payment_intent', { code: 'resource_missing' });
      const c = charges.find((x) => x.id === intent.latest_charge);
      if (held[2] === 'capture') {
        if (intent.status !== 'requires_capture' || !c)
          return error(400, 'invalid_request_error', 'This PaymentIntent could not be captured.', {
            code: 'payment_intent_unexpected_state',
          });
        settle(intent, c);
        return { status: 200, body: view(intent, expand) };
      }
      // Stripe cancels any intent not succeeded yet; an authorisation is released, nothing moves.
      if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing')
        return error(400, 'invalid_request_error', `This PaymentIntent is ${intent.status}.`, {
          code: 'payment_intent_unexpected_state',
        });
      intent.status = 'canceled';
      (intent as Intent & { cancellation_reason?: string }).cancellation_reason = String(
        form.cancellation_reason ?? 'requested_by_customer',
      );
      return { status: 200, body: view(intent, expand) };
    }
    const m = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(path);
    if (m) {
      const intent = intents.get(m[1]!);
      if (!intent)
        return error(404, 'invalid_request_error', 'No such payment_intent', { code: 'resource_missing' });
      if (method === 'GET') return { status: 200, body: view(intent, expand) };
      // A tip changes the intent's amount before it is confirmed.
      if (!m[2] && method === 'POST') {
        if (form.amount !== undefined) intent.amount = Number(form.amount);
        return { status: 200, body: view(intent, expand) };
      }
      if (m[2] && method === 'POST') {
        if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
          return error(400, 'invalid_request_error', 'This PaymentIntent cannot be confirmed.', {
            code: 'payment_intent_unexpected_state',
          });
        }
        const pm = METHODS[String(form.payment_method)];
        if (!pm)
          return error(400, 'invalid_request_error', 'No such PaymentMethod', { code: 'resource_missing' });
        if (pm.outcome === 'succeeded') charge(intent, pm);
        else if (pm.outcome === 'requires_action') {
          intent.status = 'requires_action';
          intent.next_action = { type: 'use_stripe_sdk' };
          (intent as Intent & { pending_card?: unknown }).pending_card = pm;
        } else {
          intent.status = 'requires_payment_method';
          intent.last_payment_error = {
            code: 'card_declined',
            decline_code: pm.decline,
            message: 'Your card was declined.',
          };
          return error(402, 'card_error', 'Your card was declined.', {
            code: 'card_declined',
            decline_code: pm.decline,
            payment_intent: view(intent, false),
          });
        }
        return { status: 200, body: view(intent, expand) };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(form.payment_intent));
      const c = charges.find((x) => x.id === intent?.latest_charge);
      const amount = Number(form.amount ?? c?.amount);
      if (!intent || !c || c.amount_refunded + amount > c.amount) {
        return error(400, 'invalid_request_error', 'Refund exceeds the charge.', {
          code: 'charge_already_refunded',
        });
      }
      c.amount_refunded += amount;
      const status = nextRefundStatus();
      const refund = {
        id: rid('re'),
        object: 'refund',
        payment_intent: intent.id,
        amount,
        status,
      };
      refunds.push({ id: refund.id, payment_intent: intent.id, amount, status });
      if (status === 'succeeded') refundMoved(refund.id, amount, intent.currency);
      return { status: 200, body: refund };
    }
    const re = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && re) {
      const refund = refunds.find((r) => r.id === re[1]);
      return refund
        ? { status: 200, body: { ...refund, object: 'refund' } }
        : error(404, 'invalid_request_error', 'No such refund', { code: 'resource_missing' });
    }
    const po = /^\/v1\/payouts\/([^/]+)$/.exec(path);
    if (method === 'GET' && po) {
      const payout = payouts.get(po[1]!);
      return payout
        ? { status: 200, body: payout }
        : error(404, 'invalid_request_error', 'No such payout', { code: 'resource_missing' });
    }
    if (method === 'GET' && path === '/v1/balance_transactions') {
      // `?payout=po_…&expand[]=data.source`: one page holds them all here.
      const data = balanceTransactions
        .filter((b) => b.payout === form.payout && b.type !== 'payout')
        .map((b) => ({
          ...b,
          source:
            b.type === 'charge'
              ? charges.find((c) => c.id === b.source)
              : b.type === 'refund' || b.type === 'refund_failure'
                ? refundSource(b.source as string)
                : b.source,
        }));
      return {
        status: 200,
        body: { object: 'list', data, has_more: false, url: '/v1/balance_transactions' },
      };
    }
    if (path === '/v1/payment_method_domains' && method === 'POST') {
      const name = String(form.domain_name ?? '');
      if (!/^[a-z0-9.-]+$/i.test(name) || name.includes('://'))
        return error(400, 'invalid_request_error', 'Invalid domain_name.', { param: 'domain_name' });
      if ([...paymentMethodDomains.values()].some((d) => d.domain_name === name))
        return error(400, 'invalid_request_error', `The domain ${name} is already registered.`, {
          param: 'domain_name',
        });
      const d: PaymentMethodDomain = {
        id: rid('pmd'),
        object: 'payment_method_domain',
        domain_name: name,
        enabled: form.enabled !== 'false',
        ...walletStatuses(),
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      paymentMethodDomains.set(d.id, d);
      return { status: 200, body: d };
    }
    if (path === '/v1/payment_method_domains' && method === 'GET') {
      const data = [...paymentMethodDomains.values()].filter(
        (d) => !form.domain_name || d.domain_name === form.domain_name,
      );
      return { status: 200, body: { object: 'list', data, has_more: false, url: path } };
    }
    const pmd = /^\/v1\/payment_method_domains\/([^/]+)\/validate$/.exec(path);
    if (pmd && method === 'POST') {
      const d = paymentMethodDomains.get(pmd[1]!);
      if (!d)
        return error(404, 'invalid_request_error', 'No such payment_method_domain', {
          code: 'resource_missing',
        });
      Object.assign(d, walletStatuses());
      return { status: 200, body: d };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => {
      raw += d;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey });
      const replayKey = idempotencyKey && `${req.headers.authorization}:${idempotencyKey}`;
      let answer = replayKey ? replays.get(replayKey) : undefined;
      if (!answer) {
        const form = parseForm(req.method === 'GET' ? url.search.slice(1) : raw);
        answer = handle(req.method ?? '', url.pathname, form, String(req.headers.authorization ?? ''));
        if (replayKey && req.method === 'POST') replays.set(replayKey, answer);
        if (url.pathname === '/v1/refunds' && answer.status === 200)
          refunds[refunds.length - 1]!.idempotencyKey = idempotencyKey;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': rid('req') });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    charges,
    refunds,
    requests,
    balanceTransactions,
    payouts,
    paymentMethodDomains,
    get applePayVerified() {
      return wallet.applePayVerified;
    },
    set applePayVerified(to) {
      wallet.applePayVerified = to;
    },
    get settlement() {
      return standIn.settlement;
    },
    set settlement(to) {
      standIn.settlement = to;
    },
    addBalanceTransaction({ type, amount, fee, currency, description, source }) {
      balanceTransactions.push({
        id: rid('txn'),
        object: 'balance_transaction',
        created: Math.floor(Date.now() / 1000),
        amount,
        fee,
        net: amount - fee,
        currency,
        type,
        source: source ?? null,
        description: description ?? null,
        exchange_rate: null,
        payout: null,
      });
    },
    get nextRefundStatus() {
      return refundStatus;
    },
    set nextRefundStatus(status) {
      refundStatus = status;
    },
    settleRefund(refundId, status) {
      const refund = refunds.find((r) => r.id === refundId)!;
      refund.status = status;
      const intent = intents.get(refund.payment_intent)!;
      if (status === 'succeeded') refundMoved(refund.id, refund.amount, intent.currency);
      else {
        const c = charges.find((x) => x.id === intent.latest_charge)!;
        c.amount_refunded -= refund.amount;
      }
    },
    failSucceededRefund(refundId, reason = 'expired_or_canceled_card') {
      const refund = refunds.find((r) => r.id === refundId)!;
      if (refund.status !== 'succeeded') throw new Error(`${refundId} is ${refund.status}, not succeeded`);
      refund.status = 'failed';
      refund.failure_reason = reason;
      const intent = intents.get(refund.payment_intent)!;
      const c = charges.find((x) => x.id === intent.latest_charge)!;
      c.amount_refunded -= refund.amount;
      // The money comes back: the refund's movement, the other way.
      refundMoved(refund.id, -refund.amount, intent.currency, 'refund_failure');
    },
    signedRefundEvent(type, refundId, secret) {
      const refund = refunds.find((r) => r.id === refundId)!;
      const payload = JSON.stringify({
        id: rid('evt'),
        object: 'event',
        type,
        data: { object: { ...refund, object: 'refund' } },
      });
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    createPayout(status = 'paid') {
      const open = balanceTransactions.filter((b) => b.payout === null && b.type !== 'payout');
      const now = Math.floor(Date.now() / 1000);
      const payout: StripePayout = {
        id: rid('po'),
        object: 'payout',
        amount: open.reduce((sum, b) => sum + b.net, 0),
        currency: open[0]?.currency ?? 'eur',
        status,
        arrival_date: now + 2 * 86_400,
        created: now,
        reconciliation_status: status === 'paid' ? 'completed' : 'in_progress',
      };
      for (const b of open) b.payout = payout.id;
      payouts.set(payout.id, payout);
      return payout;
    },
    signedPayoutEvent(type, payoutId, secret) {
      const payload = JSON.stringify({
        id: rid('evt'),
        object: 'event',
        type,
        data: { object: payouts.get(payoutId) },
      });
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    completeAction(intentId) {
      const intent = intents.get(intentId)!;
      charge(intent, (intent as Intent & { pending_card: { brand: string; last4: string } }).pending_card);
    },
    signedEvent(type, intentId, secret) {
      const payload = JSON.stringify({
        id: rid('evt'),
        object: 'event',
        type,
        data: { object: view(intents.get(intentId)!, false) },
      });
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
