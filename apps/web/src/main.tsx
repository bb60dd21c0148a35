import './styles.css';
import 'primeicons/primeicons.css';
import type { ReactElement } from 'react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initApiClients } from './api/clients';
import { App, loadConsoleModule } from './app/App';
import type { createConsole } from './app/create-router';
import { loadLoginPage } from './app/SignInShell';
import { currentIdToken } from './auth/auth-context';
import { authReady, authStarted, sdk } from './auth/firebase';
import { loadRuntimeConfig } from './config/runtime-config';
import { loadConsoleCatalogue, loadSignInCatalogue } from './lib/i18n/console-catalogues';
import { chooseConsoleLocale, loadCatalogue } from './lib/i18n/console-intl';
import { applyAppearance, watchAppearance } from './theme/appearance';

const SIGN_IN_SCREENS = new Set(['/login', '/register', '/forgot-password']);

async function boot() {
  const path = window.location.pathname.replace(/\/+$/, '');
  // /login paints in the sign-in shell, before React Router loads; any other
  // screen loads the router at once, with its own code (one request after this file's).
  const shell = path === '/login';
  if (shell) void loadLoginPage().catch(() => undefined);
  else
    void loadConsoleModule().then(
      (module) => module.preloadCurrentRoute(),
      () => undefined,
    );
  // The chosen language's catalogue downloads alongside the rest (/login's: the sign-in areas).
  void loadCatalogue(shell ? loadSignInCatalogue : loadConsoleCatalogue, chooseConsoleLocale()).catch(
    () => undefined,
  );
  applyAppearance();
  watchAppearance();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  let create: Parameters<typeof createConsole>[0];
  try {
    const config = await loadRuntimeConfig();
    const sentry = config.sentry.dsn ? await import('./app/sentry') : undefined;
    if (sentry) {
      await sentry.initSentry(config);
      create = sentry.sentryCreateBrowserRouter as typeof create;
    }
    // The sign-in screens paint before the auth SDK loads (they start it themselves once
    // shown); every other screen needs the session first, as before.
    if (!SIGN_IN_SCREENS.has(path)) await authReady(config);
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
  // Created when needed, at the location of that moment (the shell may have moved on).
  let loading: Promise<ReactElement> | undefined;
  const loadConsole = () => {
    loading ??= loadConsoleModule()
      .then((module) => module.createConsole(create))
      .catch((error: unknown) => {
        // Its chunk did not load (e.g. a new release replaced it): the shell has moved on to
        // another screen, which a fresh page load opens with its own files.
        if (shell && window.location.pathname.replace(/\/+$/, '') !== '/login') window.location.reload();
        throw error;
      });
    return loading;
  };
  root.render(
    <StrictMode>
      {/* PrimeReact's provider comes with the screens that use it (ui/prime-provider.tsx). */}
      <App console={shell ? undefined : await loadConsole()} loadConsole={loadConsole} />
    </StrictMode>,
  );
}

void boot();
