import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';

const originOf = (url: string) => new URL(url).origin;

/**
 * Security headers on every answer. The CSP allows what the console needs and nothing more:
 * its own scripts, PrimeReact's inline styles, our APIs, profile photos over https, and
 * Sentry's ingest host when a DSN is set. Pages with their own needs (the federated popup)
 * set their own CSP.
 */
export async function securityHeaders(app: FastifyInstance, config: Config) {
  const connect = new Set(["'self'", ...Object.values(config.apiUrls).map(originOf)]);
  if (config.sentry.dsn) connect.add(originOf(config.sentry.dsn));
  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // PrimeReact positions overlays with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [...connect],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    // The federated popup must keep its opener to post the result back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
  });
}
