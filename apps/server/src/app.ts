import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { mainApi } from './api/main/plugin';
import { mobileApi } from './api/mobile/plugin';
import { applePayAssociationRoutes } from './api/pages/apple-pay-association';
import { receiptPageRoutes } from './api/pages/receipt-page';
import { installRequestLogBuffer } from './api/request-log';
import { sessionSyncRoutes } from './api/session-sync';
import { terminalApi } from './api/terminal/plugin';
import { adminRoutes } from './cli/admin-routes';
import { enableProjectAccessCache } from './domain/projects/project-access-cache';
import { identityPlugin } from './identity/plugin';
import { apiReferenceRoutes } from './platform/api-reference';
import { compression } from './platform/compression';
import type { AppContext } from './platform/context';
import { clientErrorHandler, frameworkErrorHandler, installProblemHandlers } from './platform/error-handler';
import { installShutdownGuard, isUnready } from './platform/http/graceful-shutdown';
import { acceptOptionalBodies } from './platform/http/optional-body';
import { installJsonBodyParser, refuseOversizedBodies } from './platform/json-body';
import { type LogDestination, loggerOptions, requestLogging } from './platform/logger';
import { metricsPlugin } from './platform/metrics';
import { openApi } from './platform/openapi';
import { installReadYourWrites } from './platform/read-your-writes';
import { securityHeaders } from './platform/security-headers';
import { webPlugin } from './platform/web';

/** The default request body limit; routes that take more (or less) say so with `bodyLimit`. */
const BODY_LIMIT = 1024 * 1024;

export interface BuildAppOptions {
  /** Override pino (tests pass false). */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them); `repeatIntervalMs` shortens the repeat window. */
  logDestination?: LogDestination;
  logRepeatIntervalMs?: number;
  /** Called with every unexpected error (Sentry in production). */
  onUnexpectedError?: (error: unknown) => void;
  /** Request logs for API-key and device-token calls; on unless false (benchmarks). */
  requestLogs?: boolean;
  /** Sees every route as it is registered (the route-table security test collects them). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole product as one Fastify app; each part is a plugin with its own base URL. */
export async function buildApp(ctx: AppContext, opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : await loggerOptions(ctx.config, {
            destination: opts.logDestination,
            repeatIntervalMs: opts.logRepeatIntervalMs,
          }),
    genReqId: () => randomUUID(),
    // requestLogging writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: BODY_LIMIT,
    // Ids are short: a longer path segment is refused with a 414 problem (frameworkErrors).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 100 },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // Slowloris: headers and the whole request must arrive in time, checked every
    // second (Node's default check runs every 30 s, which let slow sockets live 40 s and more).
    requestTimeout: ctx.config.http.requestTimeoutSeconds * 1000,
    http: { headersTimeout: ctx.config.http.headersTimeoutSeconds * 1000, connectionsCheckingInterval: 1000 },
    // Requests arriving while shutting down get a 503 shutting_down problem (installShutdownGuard).
    return503OnClosing: false,
    // Every route is validated and serialized by its zod schemas: naming them here spares each
    // start loading Ajv and fast-json-stringify, which nothing would use (about 160 ms of a start,
    // docs/develop/benchmarks.md#bench-start).
    // (Fastify types these factories for Ajv's compilers; zod's have the same call shape.)
    schemaController: {
      compilersFactory: {
        buildValidator: () => validatorCompiler,
        buildSerializer: () => serializerCompiler,
      },
    } as unknown as FastifyServerOptions['schemaController'],
  }).withTypeProvider<ZodTypeProvider>();
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);

  app.decorate('ctx', ctx);
  enableProjectAccessCache(ctx.database, ctx.config.authCacheSeconds);
  app.decorateRequest('auth', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installJsonBodyParser(app);
  acceptOptionalBodies(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installShutdownGuard(app);
  refuseOversizedBodies(app, BODY_LIMIT);
  requestLogging(app);
  installProblemHandlers(app, opts.onUnexpectedError);
  await securityHeaders(app, ctx.config);
  await compression(app);
  await openApi(app, ctx.config);
  // Before the routes, so its timing hook sees every one of them.
  metricsPlugin(app, ctx);
  installRequestLogBuffer(app, opts.requestLogs !== false);
  installReadYourWrites(app);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    // A shutdown began (SHUTDOWN_DELAY_SECONDS): out of the balancer's rotation, still serving.
    if (isUnready(app)) return reply.status(503).send({ status: 'shutting_down' });
    try {
      await ctx.database.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  if (ctx.config.auth.provider === 'builtin') await app.register(identityPlugin);
  if (ctx.config.auth.sessionSync) await sessionSyncRoutes(app, ctx);
  await app.register(mainApi, { prefix: '/api/v1' });
  await app.register(terminalApi, { prefix: '/terminal/v1' });
  await app.register(mobileApi, { prefix: '/mobile/v1' });
  apiReferenceRoutes(app);
  receiptPageRoutes(app);
  applePayAssociationRoutes(app);
  adminRoutes(app);
  await app.register(webPlugin);
  return app;
}
