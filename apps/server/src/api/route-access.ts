import type { Action } from '../domain/policy';

/**
 * Who may call a route that is not one project action:
 * - `public`: no credential (the identity service has its own rules, the mobile API is rate
 *   limited, health, pages, assets, pairing with a one-time code);
 * - `user`: a signed-in person; an API key gets 403;
 * - `api-key`: an API key about itself; a person gets 403;
 * - `signed-in`: a person or an API key;
 * - `device`: a paired terminal's device token; anyone else gets 403;
 * - `cashier`: a device token with a cashier's `Cashier-Session` as well; the device alone gets
 *   401 `cashier_required` (or 403 where a manager or a project with staff is needed);
 * - `own-credential`: a secret of its own, tested beside it (operator token, metrics, Stripe's
 *   signature).
 */
export type RouteGuard =
  | 'public'
  | 'user'
  | 'api-key'
  | 'signed-in'
  | 'device'
  | 'cashier'
  | 'own-credential';

/** A project action (checked against the caller's role by `domain/policy.ts`), or a guard. */
export type RouteAccess = Action | RouteGuard;

/**
 * Every route of the app, `METHOD /full/path` as Fastify registers it, and what guards it. The
 * route-table security test (`route-table-security.test.ts`) runs the credential cases on every
 * route that is not public and the role cases of the policy table on every project action, and
 * fails on a route missing here: a new route needs its one line. HEAD follows its GET.
 */
export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /metrics': 'own-credential', // loopback, METRICS_ALLOWED_CIDRS or METRICS_TOKEN: metrics.test.ts
  'POST /_admin/commands': 'own-credential', // the admin token from DATA_DIR/admin.json: cli tests
  'GET /config.json': 'public',
  'GET /api/v1/docs/assets/:name': 'public', // the API reference's own files
  'GET /receipts/:token': 'public', // the receipt page: its unguessable token is the credential
  // CORS preflights of the three APIs
  'OPTIONS /api/v1*': 'public',
  'OPTIONS /terminal/v1*': 'public',
  'OPTIONS /mobile/v1*': 'public',
  'POST /auth/session': 'public', // session sync: the ID token travels in the body
  'DELETE /auth/session': 'public',

  // Main API
  'GET /api/v1/health': 'public',
  'GET /api/v1/docs': 'public',
  'GET /api/v1/openapi.json': 'public',
  'POST /api/v1/providers/stripe/webhook': 'own-credential', // Stripe's signature: stripe-webhook tests
  'GET /api/v1/me': 'user',
  'PATCH /api/v1/me': 'user',
  'POST /api/v1/me/recovery-codes': 'user',
  'GET /api/v1/me/sessions': 'user',
  'POST /api/v1/me/sessions/revoke-others': 'user',
  'DELETE /api/v1/me/sessions/:session_id': 'user',
  'GET /api/v1/api-key': 'api-key',
  'GET /api/v1/event-types': 'signed-in',
  'POST /api/v1/businesses': 'user',
  'GET /api/v1/businesses': 'user',
  'GET /api/v1/businesses/:business_id': 'user',
  'PATCH /api/v1/businesses/:business_id': 'user',
  'DELETE /api/v1/businesses/:business_id': 'user',
  'POST /api/v1/businesses/:business_id/payment-provider/test': 'user',
  'GET /api/v1/businesses/:business_id/wallet-domain': 'user',
  'POST /api/v1/businesses/:business_id/wallet-domain': 'user',
  'POST /api/v1/demo-projects': 'user',
  // The link's token is the proof: signed out, or signed in (then a person, never a key).
  'GET /api/v1/invitations/:token': 'public',
  'POST /api/v1/invitations/:token/accept': 'user',
  'POST /api/v1/invitations/:token/decline': 'user',
  'POST /api/v1/projects': 'user',
  'GET /api/v1/projects': 'user',
  'GET /api/v1/projects/:project_id': 'project.read',
  'PATCH /api/v1/projects/:project_id': 'project.edit',
  'DELETE /api/v1/projects/:project_id': 'project.delete',
  'POST /api/v1/projects/:project_id/restore': 'project.delete',
  'POST /api/v1/projects/:project_id/transfer': 'project.transfer',
  'GET /api/v1/projects/:project_id/audit': 'audit.read',
  'GET /api/v1/projects/:project_id/request-logs': 'logs.read',
  'GET /api/v1/projects/:project_id/request-logs/:log_id': 'logs.read',
  'GET /api/v1/projects/:project_id/live': 'project.read',
  'GET /api/v1/projects/:project_id/dashboard': 'dashboard.read',
  'GET /api/v1/projects/:project_id/reports/items': 'dashboard.read',
  'GET /api/v1/projects/:project_id/reports/items.csv': 'dashboard.read',
  'GET /api/v1/projects/:project_id/search': 'transactions.read',
  'GET /api/v1/projects/:project_id/members': 'team.read',
  'PATCH /api/v1/projects/:project_id/members/:user_id': 'team.manage',
  'DELETE /api/v1/projects/:project_id/members/:user_id': 'team.manage', // leaving yourself: project.read
  'GET /api/v1/projects/:project_id/invitations': 'team.read',
  'POST /api/v1/projects/:project_id/invitations': 'team.manage',
  'DELETE /api/v1/projects/:project_id/invitations/:invitation_id': 'team.manage',
  'POST /api/v1/projects/:project_id/invitations/:invitation_id/resend': 'team.manage',
  'GET /api/v1/projects/:project_id/api-keys': 'keys.read',
  'POST /api/v1/projects/:project_id/api-keys': 'keys.manage',
  'DELETE /api/v1/projects/:project_id/api-keys/:key_id': 'keys.manage',
  'POST /api/v1/projects/:project_id/api-keys/:key_id/roll': 'keys.manage',
  'GET /api/v1/projects/:project_id/transactions': 'transactions.read',
  'GET /api/v1/projects/:project_id/transactions/export.csv': 'transactions.read',
  'GET /api/v1/projects/:project_id/transactions/:transaction_id': 'transactions.read',
  'POST /api/v1/projects/:project_id/transactions/:transaction_id/refunds': 'transactions.refund',
  'GET /api/v1/projects/:project_id/scans': 'scans.read',
  'GET /api/v1/projects/:project_id/scans/export.csv': 'scans.read',
  'GET /api/v1/projects/:project_id/scans/:scan_id': 'scans.read',
  'GET /api/v1/projects/:project_id/events': 'events.read',
  'GET /api/v1/projects/:project_id/events/stream': 'events.read',
  'GET /api/v1/projects/:project_id/events/:event_id': 'events.read',
  'GET /api/v1/projects/:project_id/events/:event_id/deliveries': 'webhooks.read',
  'GET /api/v1/projects/:project_id/webhooks': 'webhooks.read',
  'POST /api/v1/projects/:project_id/webhooks': 'webhooks.manage',
  'GET /api/v1/projects/:project_id/webhooks/:webhook_id': 'webhooks.read',
  'PATCH /api/v1/projects/:project_id/webhooks/:webhook_id': 'webhooks.manage',
  'DELETE /api/v1/projects/:project_id/webhooks/:webhook_id': 'webhooks.manage',
  'GET /api/v1/projects/:project_id/webhooks/:webhook_id/secret': 'webhooks.secret',
  'POST /api/v1/projects/:project_id/webhooks/:webhook_id/rotate-secret': 'webhooks.secret',
  'POST /api/v1/projects/:project_id/webhooks/:webhook_id/recover': 'webhooks.manage',
  'POST /api/v1/projects/:project_id/webhooks/:webhook_id/test': 'webhooks.manage',
  'GET /api/v1/projects/:project_id/webhooks/:webhook_id/deliveries': 'webhooks.read',
  'GET /api/v1/projects/:project_id/webhooks/:webhook_id/deliveries/:delivery_id': 'webhooks.read',
  'GET /api/v1/projects/:project_id/deliveries': 'webhooks.read',
  'POST /api/v1/projects/:project_id/deliveries/:delivery_id/resend': 'webhooks.manage',
  // The books: closes are made through the terminal API; members read them.
  'GET /api/v1/projects/:project_id/closes': 'closes.read',
  'GET /api/v1/projects/:project_id/closes/verify': 'closes.read',
  'GET /api/v1/projects/:project_id/closes/:close_id': 'closes.read',
  'GET /api/v1/projects/:project_id/closes/:close_id/export.csv': 'closes.read',
  'GET /api/v1/projects/:project_id/payouts': 'payouts.read',
  'GET /api/v1/projects/:project_id/payouts/next': 'payouts.read',
  'GET /api/v1/projects/:project_id/payouts/:payout_id': 'payouts.read',
  'GET /api/v1/projects/:project_id/payouts/:payout_id/items': 'payouts.read',
  'GET /api/v1/projects/:project_id/payouts/:payout_id/export.csv': 'payouts.read',
  'GET /api/v1/projects/:project_id/staff': 'staff.manage',
  'POST /api/v1/projects/:project_id/staff': 'staff.manage',
  'PATCH /api/v1/projects/:project_id/staff/:staff_id': 'staff.manage',
  'DELETE /api/v1/projects/:project_id/staff/:staff_id': 'staff.manage',
  // The catalogue; DELETE archives.
  'GET /api/v1/projects/:project_id/items': 'items.read',
  'POST /api/v1/projects/:project_id/items': 'items.manage',
  'GET /api/v1/projects/:project_id/items/export.csv': 'items.read',
  'POST /api/v1/projects/:project_id/items/import': 'items.manage',
  'GET /api/v1/projects/:project_id/items/:item_id': 'items.read',
  'PATCH /api/v1/projects/:project_id/items/:item_id': 'items.manage',
  'DELETE /api/v1/projects/:project_id/items/:item_id': 'items.manage',

  // Terminal API
  'GET /terminal/v1/health': 'public',
  'POST /terminal/v1/pair': 'public', // the one-time pairing code is the credential
  'POST /terminal/v1/heartbeat': 'device',
  // A device unpairs itself; where staff sign in, only with a manager's session (checked inside).
  'POST /terminal/v1/unpair': 'device',
  'GET /terminal/v1/me': 'device',
  'GET /terminal/v1/items': 'device', // the paired terminal's catalogue, archived items left out
  'GET /terminal/v1/stream': 'device',
  // A cashier signs in on the device with a PIN; refunds at the counter need a manager's session.
  'POST /terminal/v1/cashier-sessions': 'device',
  'GET /terminal/v1/cashier-sessions/current': 'cashier',
  'DELETE /terminal/v1/cashier-sessions/current': 'cashier',
  'POST /terminal/v1/transactions/:transaction_id/refunds': 'cashier',
  'GET /terminal/v1/projects/:project_id/terminals': 'terminals.read',
  'POST /terminal/v1/projects/:project_id/terminals': 'terminals.manage',
  'GET /terminal/v1/projects/:project_id/terminals/:terminal_id': 'terminals.read',
  'PATCH /terminal/v1/projects/:project_id/terminals/:terminal_id': 'terminals.manage',
  'POST /terminal/v1/projects/:project_id/terminals/:terminal_id/pairing-codes': 'terminals.manage',
  'POST /terminal/v1/projects/:project_id/terminals/:terminal_id/disable': 'terminals.manage',
  'POST /terminal/v1/projects/:project_id/terminals/:terminal_id/enable': 'terminals.manage',
  'POST /terminal/v1/projects/:project_id/terminals/:terminal_id/sticker/rotate': 'terminals.manage',
  // A device closes its own terminal (a manager's session where staff sign in); people and keys
  // close any terminal of the project.
  'POST /terminal/v1/projects/:project_id/terminals/:terminal_id/closes': 'closes.create',
  'GET /terminal/v1/projects/:project_id/terminals/:terminal_id/closes/current': 'closes.read',
  'POST /terminal/v1/closes': 'device',
  // The cash drawer: the device for its own terminal (a cashier's or manager's session where
  // staff sign in, checked in the domain); members read a terminal's drawer, admins act on it.
  'POST /terminal/v1/drawer/open': 'device',
  'GET /terminal/v1/drawer': 'device',
  'POST /terminal/v1/drawer/movements': 'device',
  'POST /terminal/v1/projects/:project_id/terminals/:terminal_id/drawer/open': 'closes.create',
  'GET /terminal/v1/projects/:project_id/terminals/:terminal_id/drawer': 'closes.read',
  'POST /terminal/v1/projects/:project_id/terminals/:terminal_id/drawer/movements': 'closes.create',
  // The device itself, or a person / API key of the transaction's project with this action.
  'POST /terminal/v1/transactions': 'transactions.create',
  'GET /terminal/v1/transactions/:transaction_id': 'transactions.read',
  'POST /terminal/v1/transactions/:transaction_id/cancel': 'transactions.create',
  'POST /terminal/v1/transactions/:transaction_id/tenders': 'transactions.create',
  'POST /terminal/v1/transactions/:transaction_id/tenders/split': 'transactions.create',
  'GET /terminal/v1/transactions/:transaction_id/events': 'transactions.read',
};

/**
 * Whole services without sign-in by design, by path prefix: the identity service answers in
 * Google's shape with rules of its own, the mobile API is the shopper's (rate limited), the
 * console's files and federated sign-in are pages.
 */
export const PUBLIC_PREFIXES = [
  '/identitytoolkit.googleapis.com/',
  '/securetoken.googleapis.com/',
  '/.well-known/',
  '/auth/federated/',
  '/mobile/v1/',
  '/assets/',
];

const STATIC_FILE = /^(\/[\w-]+)*\/[\w-]+(\.[\w-]+)+$/;
const API_PREFIXES = ['/api/', '/terminal/', '/mobile/', '/auth/', '/_admin/'];

/** The guard of a registered route, or undefined when it has none (the security test fails). */
export function routeAccessOf(method: string, url: string): RouteAccess | undefined {
  const declared = ROUTE_ACCESS[`${method} ${url}`];
  if (declared) return declared;
  if (PUBLIC_PREFIXES.some((p) => url.startsWith(p))) return 'public';
  // The console's built files outside /assets (`/favicon.svg`, `/themes/dark.css.br`), a route
  // each once built: a path with no parameters ending in a file name, never under an API.
  if (method === 'GET' && STATIC_FILE.test(url) && !API_PREFIXES.some((p) => url.startsWith(p)))
    return 'public';
  return undefined;
}
