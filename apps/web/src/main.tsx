import './styles.css';
import 'primeicons/primeicons.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { initApiClients } from './api/clients';
import { App } from './app/App';
import { createRouter, routes } from './app/router';
import { currentIdToken } from './auth/auth-context';
import { authReady, authStarted, sdk } from './auth/firebase';
import { loadRuntimeConfig } from './config/runtime-config';
import { applyAppearance, watchAppearance } from './theme/appearance';

/**
 * Starts downloading the code of the screen being opened (its lazy route modules) at once,
 * in parallel with the configuration and the auth SDK, instead of after them: one round trip
 * less before /login paints on a phone (issue 10). The router's own `lazy()` calls then find
 * the modules already loaded.
 */
function preloadCurrentRoute() {
  for (const match of matchRoutes(routes, window.location) ?? []) {
    const lazy = match.route.lazy;
    if (typeof lazy === 'function') void Promise.resolve(lazy()).catch(() => undefined);
  }
}

const SIGN_IN_SCREENS = new Set(['/login', '/register', '/forgot-password']);

async function boot() {
  preloadCurrentRoute();
  applyAppearance();
  watchAppearance();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  let create: Parameters<typeof createRouter>[0];
  try {
    const config = await loadRuntimeConfig();
    const sentry = config.sentry.dsn ? await import('./app/sentry') : undefined;
    if (sentry) {
      await sentry.initSentry(config);
      create = sentry.sentryCreateBrowserRouter as typeof create;
    }
    // The sign-in screens paint before the auth SDK loads (they start it themselves once
    // shown, issue 10); every other screen needs the session first, as before.
    if (!SIGN_IN_SCREENS.has(window.location.pathname.replace(/\/+$/, ''))) await authReady(config);
    // The user id only, never the email, goes with error reports.
    if (sentry) {
      void authStarted().then((auth) =>
        sdk().onAuthStateChanged(auth, (user) => sentry.setSentryUser(user?.uid ?? null)),
      );
    }
    initApiClients(currentIdToken);
  } catch (error) {
    // Seed §2: if authentication failed to initialise, go to the error page.
    console.error(error);
    if (window.location.pathname !== '/error') {
      window.location.replace(`/error?reason=${encodeURIComponent((error as Error).message)}`);
      return;
    }
  }
  root.render(
    <StrictMode>
      {/* PrimeReact's provider comes with the screens that use it (ui/prime-provider.tsx). */}
      <App router={createRouter(create)} />
    </StrictMode>,
  );
}

void boot();
