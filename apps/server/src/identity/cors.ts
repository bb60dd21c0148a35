import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../platform/config';

// What the firebase SDK sends (NOTES.md); preflights must allow all of them.
const ALLOWED_HEADERS =
  'content-type, x-client-version, x-firebase-client, x-firebase-gmpid, x-firebase-appcheck, x-firebase-locale';

/** The SDK may run on any authorised domain or a configured CORS origin. */
export function isAllowedOrigin(config: Config, origin: string): boolean {
  if (config.corsOrigins.includes(origin)) return true;
  try {
    return config.auth.authorizedDomains.includes(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/** CORS for the identity endpoints only; the product APIs have their own, stricter policy. */
export function installIdentityCors(app: FastifyInstance) {
  const config = app.ctx.config;
  const allow = (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (!origin || !isAllowedOrigin(config, origin)) return false;
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    return true;
  };
  app.addHook('onRequest', async (request, reply) => {
    allow(request, reply);
  });
  app.options('/*', async (request, reply) => {
    if (!allow(request, reply)) return reply.status(403).send();
    return reply
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', '3600')
      .status(204)
      .send();
  });
}
