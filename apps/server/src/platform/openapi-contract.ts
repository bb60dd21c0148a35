import { problemSchema } from '@scanline/contracts';
import { z } from 'zod';

/**
 * Completes the generated OpenAPI document in one place, so every route — including ones
 * added later — gets an operationId, the shared Problem component, its standard error
 * responses and the right security without each route file repeating them.
 */

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
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
};

/** `GET /api/v1/projects/{id}/events/{eid}` → `getProjectsEvents`; collisions get the last segments' params. */
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

function errorStatuses(path: string, method: string, op: Operation): string[] {
  const statuses = ['400'];
  if (op.security?.length) statuses.push('401', '403');
  if (path.includes('{')) statuses.push('404');
  if (method !== 'get' && method !== 'delete') statuses.push('409', '422');
  if (op.requestBody) statuses.push('413', '415');
  statuses.push('414', '429', '500');
  return statuses;
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
          content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
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
      for (const status of errorStatuses(path, method, op)) {
        op.responses[status] ??= { $ref: `#/components/responses/Problem${status}` };
      }
    }
  }
  return doc;
}

function problemJsonSchema(): Json {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(problemSchema, { io: 'output' }) as Json;
  return schema;
}
