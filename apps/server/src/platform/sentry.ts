import type { Config } from './config';

/**
 * Errors and traces go to Sentry only when SENTRY_DSN is set; otherwise the SDK is never
 * loaded and nothing leaves the machine. Every transaction is traced (seed §1: rate 1).
 */
export async function initSentry(config: Config): Promise<((error: unknown) => void) | undefined> {
  if (!config.sentry.dsn) return undefined;
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn: config.sentry.dsn,
    environment: config.sentry.environment,
    tracesSampleRate: 1,
    // The SDK attaches request bodies to spans by default: sign-in bodies carry emails and
    // passwords, payment bodies card tokens. None leave the machine.
    integrations: [Sentry.httpIntegration({ maxRequestBodySize: 'none' })],
  });
  return (error) => Sentry.captureException(error);
}
