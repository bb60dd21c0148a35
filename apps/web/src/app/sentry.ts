import type { RuntimeConfig } from '@scanline/contracts';
import * as Sentry from '@sentry/react';
import { useEffect } from 'react';
import {
  createBrowserRouter,
  createRoutesFromChildren,
  matchRoutes,
  useLocation,
  useNavigationType,
} from 'react-router';

/**
 * Seed §1: every transaction traced (rate 1), trace headers only to our own domain and its
 * subdomains. Loaded only when a DSN is configured, so without one nothing is sent.
 */
export async function initSentry(config: RuntimeConfig) {
  Sentry.init({
    dsn: config.sentry.dsn ?? undefined,
    environment: config.sentry.environment,
    // Route patterns as transaction names, through React Router's own matching.
    integrations: [
      Sentry.reactRouterV7BrowserTracingIntegration({
        useEffect,
        useLocation,
        useNavigationType,
        createRoutesFromChildren,
        matchRoutes,
      }),
    ],
    tracesSampleRate: 1,
    tracePropagationTargets: config.sentry.trace_propagation_targets.map((t) =>
      t.startsWith('^') ? new RegExp(t) : t,
    ),
  });
}

/** The user id only — never the email — goes with events. */
export const setSentryUser = (uid: string | null) => Sentry.setUser(uid ? { id: uid } : null);

/** `createBrowserRouter` wrapped so page loads and navigations carry the route's name. */
export const sentryCreateBrowserRouter = Sentry.wrapCreateBrowserRouterV7(createBrowserRouter);
