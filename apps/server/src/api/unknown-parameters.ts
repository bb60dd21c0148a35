import { TABLE_MATCH_MODES } from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../platform/errors';

const FILTER_KEY = /^[a-z][a-z0-9_]*\[([A-Za-z]+)\]$/;
const MODES = new Set<string>(Object.values(TABLE_MATCH_MODES).flat());

interface Allowed {
  names: Set<string>;
  /** List routes also take `field[mode]=value` filters; the list spec judges the field. */
  filters: boolean;
}

const NONE: Allowed = { names: new Set(), filters: false };
const cache = new WeakMap<object, Allowed>();

/** The query names a route's zod querystring schema declares (zod 4 objects: shape and catchall). */
function allowedBy(schema: unknown): Allowed {
  if (!schema || typeof schema !== 'object') return NONE;
  const known = cache.get(schema);
  if (known) return known;
  const s = schema as { shape?: Record<string, unknown>; _zod?: { def?: { catchall?: unknown } } };
  const allowed = { names: new Set(Object.keys(s.shape ?? {})), filters: Boolean(s._zod?.def?.catchall) };
  cache.set(schema, allowed);
  return allowed;
}

export function unknownParameter(name: string): AppError {
  return new AppError('unknown_parameter', 400, `Unknown query parameter: ${name}.`, [
    {
      path: `query.${name}`,
      code: 'unknown_parameter',
      message: `${name} is not a parameter of this route.`,
    },
  ]);
}

/**
 * Issue 17 §1, one rule everywhere: a query parameter the route does not declare is refused
 * with 400 `unknown_parameter` naming it (a typo such as `?limt=5` must not silently return
 * the default page). Runs before validation, after authentication.
 */
export function refuseUnknownQueryParameters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (!query) return;
    const names = Object.keys(query);
    if (!names.length) return;
    const allowed = allowedBy(request.routeOptions.schema?.querystring);
    for (const name of names) {
      if (allowed.names.has(name)) continue;
      const mode = allowed.filters ? FILTER_KEY.exec(name)?.[1] : undefined;
      if (mode && MODES.has(mode)) continue;
      throw unknownParameter(name);
    }
  });
}
