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
type Directives = Record<string, string[]>;

function consoleDirectives(config: Config): Directives {
  const connect = new Set(["'self'", ...Object.values(config.apiUrls).map(originOf)]);
  if (config.sentry.dsn) connect.add(originOf(config.sentry.dsn));
  return {
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
    ...(config.publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
  };
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The shopper page (`/pay/{token}`) may load Stripe.js and its Payment Element for businesses
 * that charge through Stripe; Stripe lists these origins for its CSP. The console
 * itself never allows them.
 */
export function shopperPageCsp(config: Config): string {
  const d = consoleDirectives(config);
  const stripe = {
    ...d,
    scriptSrc: [...(d.scriptSrc ?? []), 'https://js.stripe.com', 'https://*.js.stripe.com'],
    frameSrc: [
      ...(d.frameSrc ?? []),
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ],
    connectSrc: [...(d.connectSrc ?? []), 'https://api.stripe.com'],
  };
  return Object.entries(stripe)
    .map(([k, v]) => [kebab(k), ...v].join(' '))
    .join(';');
}

/**
 * Security headers on every answer. The CSP allows what the console needs and nothing more:
 * its own scripts, PrimeReact's inline styles, our APIs, profile photos over https, and
 * Sentry's ingest host when a DSN is set. Pages with their own needs (the federated popup,
 * the shopper page) set their own CSP.
 */
export async function securityHeaders(app: FastifyInstance, config: Config) {
  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: consoleDirectives(config) },
    crossOriginEmbedderPolicy: false,
    // The federated popup must keep its opener to post the result back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
  });
}
