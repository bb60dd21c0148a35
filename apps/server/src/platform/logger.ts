import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/** pino options: JSON lines in production; secrets and tokens never reach a log line. */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'env'>): FastifyServerOptions['logger'] {
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
  };
}
