import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { redactObject, repeatLimiter, safeLogStream } from './log-safety';

export interface LogDestination {
  write(line: string): unknown;
}

/**
 * pino options: JSON lines when a machine reads stdout, one readable line per request on a
 * terminal (`LOG_FORMAT` decides; config defaults it by whether stdout is a TTY). pino-pretty
 * loads only for a terminal. Every line passes `log-safety` first: secrets are
 * redacted by key and by shape, errors lose their SQL parameters, a repeating failure is one
 * line per interval, and no line exceeds 16 KiB. `destination` lets tests read lines.
 */
export async function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  opts: { destination?: LogDestination; repeatIntervalMs?: number } = {},
): Promise<FastifyServerOptions['logger']> {
  const pinoPretty =
    config.logFormat === 'pretty' && !opts.destination ? (await import('pino-pretty')).default : undefined;
  // In this thread and synchronous, so lines keep their order with what the process prints.
  const next: LogDestination = opts.destination
    ? opts.destination
    : pinoPretty
      ? pinoPretty({
          sync: true,
          singleLine: true,
          translateTime: 'SYS:HH:MM:ss',
          ignore: 'pid,hostname,reqId,req,res,responseTime,method,path,route,status,ms,failureKind',
          messageFormat: '{msg}',
        })
      : { write: (line: string) => process.stdout.write(line) };
  const limiter = repeatLimiter(opts.repeatIntervalMs);
  return {
    level: config.logLevel,
    // Fastify's own `err` serializer would print what redactObject's serializeError left out.
    serializers: { err: ((e: unknown) => e) as never },
    formatters: { log: (obj: Record<string, unknown>) => redactObject(obj) as Record<string, unknown> },
    hooks: { logMethod: limiter.logMethod },
    stream: safeLogStream(next),
  };
}

// Probes and scrapes run every few seconds and assets are many per page: they would drown the
// requests people read logs for, so they are logged at debug only.
const QUIET =
  /^\/(?:healthz|readyz|metrics|api\/v1\/health|terminal\/v1\/health|mobile\/v1\/health|assets\/|favicon|theme-|robots\.txt)/;

/**
 * One line per request when it ends (Fastify's own pair of lines is turned off): method, path
 * with its query cut, status and time; the request id (`reqId`) comes from the request's logger.
 */
export function requestLogging(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const ms = reply.elapsedTime;
    // No reqId here: the request's child logger binds it already (it came twice).
    const line: Record<string, unknown> = {
      method: request.method,
      path,
      route: request.routeOptions.url,
      status: reply.statusCode,
      ms: Math.round(ms * 10) / 10,
    };
    const msg = `${request.method} ${path} ${reply.statusCode} ${line.ms} ms`;
    // Failures fold into one line per status per interval (log-safety's repeat limiter).
    if (reply.statusCode >= 500) line.failureKind = `response ${reply.statusCode}`;
    if (QUIET.test(path) && reply.statusCode < 400) request.log.debug(line, msg);
    // A probe's 503 (draining, or the database out of reach) is the answer a balancer asks for,
    // not a failure of the request: the cause is logged where it happens.
    else if (QUIET.test(path) && reply.statusCode === 503) request.log.warn(line, msg);
    else if (reply.statusCode >= 500) request.log.error(line, msg);
    else request.log.info(line, msg);
  });
}
