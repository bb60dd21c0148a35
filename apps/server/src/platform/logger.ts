import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/**
 * pino options: JSON lines when a machine reads stdout, one readable line per request on a
 * terminal (`LOG_FORMAT` decides; config defaults it by whether stdout is a TTY). Secrets and
 * tokens never reach a log line. pino-pretty loads only for a terminal (issue 18 §2).
 */
export async function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
): Promise<FastifyServerOptions['logger']> {
  const pinoPretty = config.logFormat === 'pretty' ? (await import('pino-pretty')).default : undefined;
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.idToken',
        '*.refreshToken',
        '*.secret',
      ],
      censor: '[redacted]',
    },
    // In this thread and synchronous, so lines keep their order with what the process prints.
    ...(pinoPretty
      ? {
          stream: pinoPretty({
            sync: true,
            singleLine: true,
            translateTime: 'SYS:HH:MM:ss',
            ignore: 'pid,hostname,reqId,req,res,responseTime,method,path,route,status,ms',
            messageFormat: '{msg}',
          }),
        }
      : {}),
  };
}

// Probes and scrapes run every few seconds and assets are many per page: they would drown the
// requests people read logs for, so they are logged at debug only.
const QUIET =
  /^\/(?:healthz|readyz|metrics|api\/v1\/health|terminal\/v1\/health|mobile\/v1\/health|assets\/|favicon|theme-|robots\.txt)/;

/**
 * One line per request when it ends (Fastify's own pair of lines is turned off): method, path
 * with its query cut, status and time, with the request id to find its other lines.
 */
export function requestLogging(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const ms = reply.elapsedTime;
    const line = {
      reqId: request.id,
      method: request.method,
      path,
      route: request.routeOptions.url,
      status: reply.statusCode,
      ms: Math.round(ms * 10) / 10,
    };
    const msg = `${request.method} ${path} ${reply.statusCode} ${line.ms} ms`;
    if (QUIET.test(path) && reply.statusCode < 400) request.log.debug(line, msg);
    else if (reply.statusCode >= 500) request.log.error(line, msg);
    else request.log.info(line, msg);
  });
}
