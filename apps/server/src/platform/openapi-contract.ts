import { problemSchema } from '@scanline/contracts';
import { z } from 'zod';
import { AppError } from './errors';
import { sampleOf } from './json-schema-sample';
import { REQUEST_EXAMPLES } from './openapi-examples';

/**
 * Completes the generated OpenAPI document in one place, so every route — including ones
 * added later — gets an operationId, the shared Problem component, its standard error
 * responses and the right security without each route file repeating them.
 */

type Json = Record<string, unknown>;
type Media = { schema?: unknown; example?: unknown };
type Response = { description?: string; content?: Record<string, Media>; $ref?: string };
type Parameter = { in: string; name: string; required?: boolean; description?: string; schema?: unknown };
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, Media> };
  responses?: Record<string, Response>;
  security?: Record<string, string[]>[];
};

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** Routes anyone may call: the mobile API (public scans, receipts, stickers) and the Stripe webhook (signed). */
export function isPublicPath(path: string): boolean {
  return path.startsWith('/mobile/v1/') || path === '/api/v1/providers/stripe/webhook';
}

/** The schemes a path accepts when its route declares none, by the API it belongs to. */
function defaultSecurityOf(path: string): Record<string, string[]>[] {
  if (isPublicPath(path)) return [];
  if (path.startsWith('/terminal/v1/') && !path.startsWith('/terminal/v1/projects/')) {
    return [{ deviceToken: [] }, { apiKey: [] }, { idToken: [] }];
  }
  return [{ idToken: [] }, { apiKey: [] }];
}

const ERROR_TEXT: Record<string, string> = {
  '400': 'Malformed request: bad parameters, unknown query parameter or invalid body',
  '401': 'Missing or invalid credentials',
  '403': 'Authenticated but not allowed',
  '404': 'No such resource (or not visible to the caller)',
  '409': 'Conflicts with the current state',
  '413': 'Body too large',
  '414': 'URL too long',
  '415': 'Body is not application/json',
  '422': 'Well-formed but refused by a business rule',
  '429': 'Too many requests',
  '500': 'Unexpected server error',
  '503': 'A service this request needs cannot be reached; try again later',
};

/** One realistic problem per error status, shown as each error response's example. */
const ERROR_EXAMPLES: Record<string, AppError> = {
  '400': new AppError('validation_failed', 'The request body is not valid.', [
    { path: 'body.amount', message: 'Must be greater than 0.', code: 'too_small' },
  ]),
  '401': new AppError('unauthenticated', 'Send Authorization: Bearer <token>.'),
  '403': new AppError('forbidden', 'Your role in this project does not allow this.'),
  '404': new AppError('not_found', 'Transaction not found.'),
  '409': new AppError('transaction_state_conflict', 'The transaction is already canceled.'),
  '413': new AppError('payload_too_large', 'The body is larger than 1 MiB.'),
  '414': new AppError('uri_too_long', 'The URL is longer than 8 KiB.'),
  '415': new AppError('unsupported_media_type', 'Send the body as application/json.'),
  '422': new AppError('currency_not_allowed', 'This project charges in EUR only.'),
  '429': new AppError('rate_limited', 'Too many requests: try again in 30 seconds.'),
  '500': new AppError('internal_error', 'Something went wrong on our side.'),
  '503': new AppError('database_unavailable', 'The database cannot be reached; try again in 2 seconds.'),
};
const REQUEST_ID = 'req-1a2b3c';

/** An operation's own example for a status, where the shared one would mislead. */
const dateRangeProblem = new AppError('invalid_date_range', '`from` must not be after `to`.', [
  { path: 'query.from', message: 'On or before `to`.' },
]);
const OWN_ERROR_EXAMPLES: Record<string, Record<string, AppError>> = {
  'GET /api/v1/projects/{project_id}/reports/items': { '422': dateRangeProblem },
  'GET /api/v1/projects/{project_id}/reports/items.csv': { '422': dateRangeProblem },
};

/** `GET /api/v1/projects/{project_id}/events/{event_id}` → `getProjectsEvents`; collisions get the last segments' params. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/(api|terminal|mobile)\/v1/, '')
    .split('/')
    .filter((s) => s && !s.startsWith('{'))
    .flatMap((s) => s.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  const tail = path.endsWith('}') ? ['by', path.slice(path.lastIndexOf('{') + 1, -1)] : [];
  const prefix = path.startsWith('/terminal/') ? ['terminal'] : path.startsWith('/mobile/') ? ['mobile'] : [];
  return camel([method, ...prefix, ...words, ...tail]);
}

function camel(words: string[]): string {
  return words
    .flatMap((w) => w.split('_'))
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join('');
}

/** Body fields that name one of our objects (`business_id`, `to_user_id`) or a code (`token`, `code`). */
export const REFERENCE_FIELD = /(^|_)id$|^token$|^code$/;

function bodyProperties(op: Operation, schemas: Record<string, unknown>): string[] {
  let schema = op.requestBody?.content?.['application/json']?.schema as Json | undefined;
  if (typeof schema?.$ref === 'string')
    schema = schemas[schema.$ref.replace('#/components/schemas/', '')] as Json;
  return Object.keys((schema?.properties ?? {}) as Json);
}

function errorStatuses(
  path: string,
  method: string,
  op: Operation,
  schemas: Record<string, unknown>,
): string[] {
  const statuses = ['400'];
  if (op.security?.length) statuses.push('401', '403');
  // An unknown id is 404 wherever one is taken: in the path, or in the body.
  if (path.includes('{') || bodyProperties(op, schemas).some((p) => REFERENCE_FIELD.test(p)))
    statuses.push('404');
  if (method !== 'get' && method !== 'delete') statuses.push('409', '422');
  // Any method but GET reads a body when one is sent, so any of them can answer these two.
  if (method !== 'get') statuses.push('413', '415');
  statuses.push('414', '429', '500');
  statuses.push(...(EXTRA_STATUSES[`${method.toUpperCase()} ${path}`] ?? []));
  return statuses;
}

/** Statuses only some operations answer, keyed like REQUEST_EXAMPLES. */
const EXTRA_STATUSES: Record<string, string[]> = {
  // Stripe retries an event it could not deliver; we answer 503 when Stripe itself cannot be reached.
  'POST /api/v1/providers/stripe/webhook': ['503'],
  // A range with `from` after `to`, or too long (invalid_date_range).
  'GET /api/v1/projects/{project_id}/reports/items': ['422'],
  'GET /api/v1/projects/{project_id}/reports/items.csv': ['422'],
};

/**
 * Bodies a route reads raw (no zod schema to generate them from): the Stripe webhook's
 * signature covers the exact bytes, so it is parsed by the handler, not by Fastify.
 */
const RAW_REQUEST_BODIES: Record<string, NonNullable<Operation['requestBody']>> = {
  'POST /api/v1/providers/stripe/webhook': {
    required: true,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          description:
            'A Stripe event as Stripe sends it (https://docs.stripe.com/api/events/object). Events whose intent carries our `transaction_id` and `project_id` metadata are checked with Stripe and recorded; others are acknowledged with `handled: false`.',
          additionalProperties: true,
        },
      },
    },
  },
};
const ITEM_REPORT_CSV =
  'item_id,variant_id,name,variant_name,category,quantity,refunded_quantity,gross,refunds,net,tax,currency\r\n' +
  'itm_01J9Z3K6V7R2Q8M4N5P6T7W8X9,var_01J9Z3K6V7R2Q8M4N5P6T7W8XA,Flat white (Large),Large,Coffee,42,1,16380,390,15990,1046,EUR\r\n' +
  'itm_01J9Z3K6V7R2Q8M4N5P6T7W8XB,,Cheese,,Deli,3.25,0,4222,0,4222,276,EUR\r\n';
const TRANSACTIONS_CSV =
  'id,created_at,status,amount,currency,amount_refunded,terminal_id,reference,card_brand,card_last4,failure_code,provider,succeeded_at\r\n' +
  'txn_01J9Z3K6V7R2Q8M4N5P6T7W8X9,2026-11-25T10:00:00.000Z,succeeded,1250,EUR,0,trm_01J9Z3K6V7R2Q8M4N5P6T7W8X9,order-1042,visa,4242,,simulator,2026-11-25T10:00:09.000Z\r\n';
const SCANS_CSV =
  'id,created_at,outcome,terminal_id,transaction_id,paid_at,rejected_reason,user_agent,app_version\r\n' +
  'scn_01J9Z3K6V7R2Q8M4N5P6T7W8X9,2026-11-25T10:00:02.000Z,paid,trm_01J9Z3K6V7R2Q8M4N5P6T7W8X9,txn_01J9Z3K6V7R2Q8M4N5P6T7W8X9,2026-11-25T10:00:09.000Z,,Mozilla/5.0,2.4.0\r\n';

/** Event streams: the console's live feed, a device's stream, a transaction's status feed, the events stream. */
const STREAM_PATH = /\/(live|stream)$|^\/terminal\/v1\/transactions\/\{transaction_id\}\/events$/;

/** Headers some operations read, as parameters; keyed like REQUEST_EXAMPLES. */
const CLOSE_IDEMPOTENCY_KEY: Parameter = {
  in: 'header',
  name: 'Idempotency-Key',
  required: false,
  description:
    'Optional. The same key answers the first close again for 24 hours (a double tap makes one close); for another terminal, 409 idempotency_key_reused.',
  schema: { type: 'string', minLength: 1, maxLength: 255, example: '5f2a3c1e-8d4b-4f0a-9b6e-7c1d2e3f4a5b' },
};

const REFUND_IDEMPOTENCY_KEY: Parameter = {
  in: 'header',
  name: 'Idempotency-Key',
  required: false,
  description:
    'Optional. The same key with the same body answers the first refund again for 24 hours (a retry never refunds twice); with another body, 409 idempotency_key_reused.',
  schema: { type: 'string', minLength: 1, maxLength: 255, example: '5f2a3c1e-8d4b-4f0a-9b6e-7c1d2e3f4a5b' },
};

const TENDER_IDEMPOTENCY_KEY: Parameter = {
  in: 'header',
  name: 'Idempotency-Key',
  required: true,
  description:
    'Required (else 400 idempotency_key_required). The same key with the same body answers the first tender again for 24 hours (cash is never counted twice); with another body, 409 idempotency_key_reused.',
  schema: { type: 'string', minLength: 1, maxLength: 255, example: '5f2a3c1e-8d4b-4f0a-9b6e-7c1d2e3f4a5b' },
};

const HEADER_PARAMETERS: Record<string, Parameter[]> = {
  'POST /terminal/v1/transactions/{transaction_id}/tenders': [TENDER_IDEMPOTENCY_KEY],
  'POST /terminal/v1/transactions/{transaction_id}/tenders/split': [TENDER_IDEMPOTENCY_KEY],
  'POST /api/v1/projects/{project_id}/transactions/{transaction_id}/refunds': [REFUND_IDEMPOTENCY_KEY],
  'POST /terminal/v1/transactions/{transaction_id}/refunds': [REFUND_IDEMPOTENCY_KEY],
  'POST /terminal/v1/closes': [CLOSE_IDEMPOTENCY_KEY],
  'POST /terminal/v1/projects/{project_id}/terminals/{terminal_id}/closes': [CLOSE_IDEMPOTENCY_KEY],
  'POST /terminal/v1/transactions': [
    {
      in: 'header',
      name: 'Idempotency-Key',
      required: true,
      description:
        'Required (else 400 idempotency_key_required). The same key with the same body answers the first response again for 24 hours; with another body, 409 idempotency_key_reused.',
      schema: {
        type: 'string',
        minLength: 1,
        maxLength: 255,
        example: '5f2a3c1e-8d4b-4f0a-9b6e-7c1d2e3f4a5b',
      },
    },
  ],
  'POST /api/v1/providers/stripe/webhook': [
    {
      in: 'header',
      name: 'Stripe-Signature',
      required: true,
      description: "Stripe's signature of the raw body, checked with the business's webhook signing secret.",
      schema: {
        type: 'string',
        example: 't=1732528800,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
      },
    },
  ],
  'POST /mobile/v1/scans': [
    {
      in: 'header',
      name: 'X-App-Version',
      required: false,
      description: "The scanning app's version, kept with the scan.",
      schema: { type: 'string', maxLength: 40, example: '2.4.0' },
    },
  ],
};

/** A 204 has no body; a stream or a CSV file has its own media type; JSON answers get an example. */
function completeResponses(path: string, op: Operation, components: Record<string, unknown>) {
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    if (response.$ref || !status.startsWith('2')) continue;
    if (status === '204') {
      delete response.content;
      response.description = 'No content';
      continue;
    }
    if (STREAM_PATH.test(path)) {
      response.description =
        'A text/event-stream: `event:`, `id:` and JSON `data:` lines, and `: ping` comments';
      response.content = {
        'text/event-stream': {
          schema: { type: 'string' },
          example:
            'event: transaction.updated\nid: evt_01J9Z3K6V7R2Q8M4N5P6T7W8X9\ndata: {"id":"txn_01J9Z3K6V7R2Q8M4N5P6T7W8X9","status":"succeeded"}\n\n: ping\n\n',
        },
      };
      continue;
    }
    if (path.endsWith('.csv')) {
      response.description = 'A CSV file (RFC 4180) with a header row';
      response.content = {
        'text/csv': {
          schema: { type: 'string' },
          example: path.includes('/reports/items')
            ? ITEM_REPORT_CSV
            : path.includes('/scans/')
              ? SCANS_CSV
              : TRANSACTIONS_CSV,
        },
      };
      continue;
    }
    const json = response.content?.['application/json'];
    if (json?.schema && json.example === undefined) json.example = sampleOf(json.schema, components);
    if (response.description === 'Default Response') response.description = 'OK';
  }
}

export function completeDocument<T extends Json>(doc: T): T {
  const d = doc as Json & { paths?: Record<string, Record<string, Operation>>; components?: Json };
  d.components ??= {};
  const components = d.components as Json & { schemas?: Json; responses?: Json };
  components.schemas = { ...(components.schemas ?? {}), Problem: problemJsonSchema() };
  components.responses = {
    ...(components.responses ?? {}),
    ...Object.fromEntries(
      Object.entries(ERROR_TEXT).map(([status, description]) => [
        `Problem${status}`,
        {
          description,
          content: {
            'application/problem+json': {
              schema: { $ref: '#/components/schemas/Problem' },
              example: ERROR_EXAMPLES[status]?.toProblem(REQUEST_ID),
            },
          },
        },
      ]),
    ),
  };
  const seen = new Set<string>();
  for (const [path, item] of Object.entries(d.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      let id = op.operationId ?? operationIdOf(method, path);
      for (let n = 2; seen.has(id); n++) id = `${operationIdOf(method, path)}${n}`;
      seen.add(id);
      op.operationId = id;
      op.summary ??= `${method.toUpperCase()} ${path}`;
      op.tags ??= ['other'];
      // A route that declares its schemes (the public pairing route, device-only routes) knows best.
      op.security ??= defaultSecurityOf(path);
      op.responses ??= {};
      completeResponses(path, op, components.schemas as Record<string, unknown>);
      const key = `${method.toUpperCase()} ${path}`;
      markOptionalBody(op, components.schemas as Record<string, unknown>);
      if (RAW_REQUEST_BODIES[key]) op.requestBody ??= structuredClone(RAW_REQUEST_BODIES[key]);
      const body = op.requestBody?.content?.['application/json'];
      if (body && key in REQUEST_EXAMPLES) body.example ??= REQUEST_EXAMPLES[key];
      for (const header of HEADER_PARAMETERS[key] ?? []) {
        op.parameters ??= [];
        const name = header.name.toLowerCase();
        if (!op.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === name))
          op.parameters.push(header);
      }
      for (const status of errorStatuses(path, method, op, components.schemas as Record<string, unknown>)) {
        const own = OWN_ERROR_EXAMPLES[key]?.[status];
        op.responses[status] ??= own
          ? {
              description: ERROR_TEXT[status],
              content: {
                'application/problem+json': {
                  schema: { $ref: '#/components/schemas/Problem' },
                  example: own.toProblem(REQUEST_ID),
                },
              },
            }
          : { $ref: `#/components/responses/Problem${status}` };
      }
      if (op.responses['200'] && op.responses['204']) {
        // A route that declares 204 never answers 200 (fastify-swagger adds a default 200).
        delete op.responses['200'];
      }
    }
  }
  pruneUnusedSchemas(d);
  return doc;
}

/**
 * A body whose schema needs no field may be left out: no body, or an empty
 * `application/json` one, is taken as `{}` (platform/http/optional-body.ts), so the document
 * says `required: false` for exactly those.
 */
function markOptionalBody(op: Operation, schemas: Record<string, unknown>) {
  const media = op.requestBody?.content?.['application/json'];
  if (!op.requestBody || !media?.schema) return;
  let schema = media.schema as Json;
  const ref = typeof schema.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : null;
  if (ref) schema = (schemas[ref] ?? {}) as Json;
  const required = (schema.required ?? []) as unknown[];
  if (schema.type === 'object' && required.length === 0) op.requestBody.required = false;
}

/**
 * Drops the components nothing refers to: the zod registry makes an input twin of every named
 * object (`TransactionInput`) whether or not a request body uses it.
 */
function pruneUnusedSchemas(doc: Json & { components?: Json }) {
  const schemas = (doc.components as { schemas?: Record<string, unknown> } | undefined)?.schemas ?? {};
  const reachable = new Set<string>();
  const refsIn = (value: unknown) =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
  const pending = refsIn({ ...doc, components: { ...doc.components, schemas: {} } });
  while (pending.length) {
    const name = pending.pop()!;
    if (reachable.has(name)) continue;
    reachable.add(name);
    pending.push(...refsIn(schemas[name]));
  }
  for (const name of Object.keys(schemas)) if (!reachable.has(name)) delete schemas[name];
}

function problemJsonSchema(): Json {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(problemSchema, { io: 'output' }) as Json;
  return schema;
}
