import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';

const isZod = (schema: unknown): schema is ZodType =>
  typeof (schema as ZodType | undefined)?.safeParse === 'function';

/**
 * Bodies that may be left out. `curl -X POST -H 'Content-Type: application/json'`
 * and many clients send an action (roll, rotate-secret, disable…) with that header and nothing
 * after it, or with no body at all, as Stripe's API accepts. Both mean "no body" everywhere:
 * - an empty `application/json` body parses to no body (the JSON parser, `json-body.ts`);
 * - a route whose body schema accepts `{}` gets `{}` when no body came, so its schema and
 *   handler see one shape. Routes that need fields still answer 400 validation_failed, and a
 *   body that is present but not JSON stays 400 bad_request.
 * The OpenAPI document marks those bodies `required: false` (openapi-contract.ts).
 */
export function acceptOptionalBodies(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema?.body;
    if (!isZod(schema) || !schema.safeParse({}).success) return;
    const defaultBody = async (request: { body: unknown }) => {
      request.body ??= {};
    };
    const existing = route.preValidation;
    route.preValidation = existing
      ? [...(Array.isArray(existing) ? existing : [existing]), defaultBody]
      : [defaultBody];
  });
}
