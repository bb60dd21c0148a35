import type { FastifyInstance } from 'fastify';
import { AppError } from '../platform/errors';

const NONE = new Set<string>();
const cache = new WeakMap<object, Set<string>>();

/**
 * The query names a route's zod querystring schema declares. List routes declare each of their
 * `field[mode]` filters too (`listQueryOf`), so a declared name is all a parameter can be.
 */
function allowedBy(schema: unknown): Set<string> {
  if (!schema || typeof schema !== 'object') return NONE;
  let names = cache.get(schema);
  if (!names) {
    names = new Set(Object.keys((schema as { shape?: Record<string, unknown> }).shape ?? {}));
    cache.set(schema, names);
  }
  return names;
}

function unknownParameter(name: string): AppError {
  return new AppError('unknown_parameter', `Unknown query parameter: ${name}.`, [
    {
      path: `query.${name}`,
      code: 'unknown_parameter',
      message: `${name} is not a parameter of this route.`,
    },
  ]);
}

/**
 * One rule everywhere: a query parameter the route does not declare is refused
 * with 400 `unknown_parameter` naming it (a typo such as `?limt=5` must not silently return
 * the default page). Runs before validation, after authentication.
 */
export function refuseUnknownQueryParameters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (!query) return;
    const allowed = allowedBy(request.routeOptions.schema?.querystring);
    for (const name of Object.keys(query)) if (!allowed.has(name)) throw unknownParameter(name);
  });
}
