import './styles.css';
import 'primeicons/primeicons.css';
import { PrimeReactProvider } from 'primereact/api';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initApiClients } from './api/clients';
import { App } from './app/App';
import { createRouter } from './app/router';
import { currentIdToken } from './auth/auth-context';
import { initFirebase, sdk } from './auth/firebase';
import { loadRuntimeConfig } from './config/runtime-config';
import { applyAppearance, watchAppearance } from './theme/appearance';

async function boot() {
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
    const auth = await initFirebase(config);
    // The user id only, never the email, goes with error reports.
    if (sentry) sdk().onAuthStateChanged(auth, (user) => sentry.setSentryUser(user?.uid ?? null));
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
      <PrimeReactProvider value={{ inputStyle: 'filled', ripple: true }}>
        <App router={createRouter(create)} />
      </PrimeReactProvider>
    </StrictMode>,
  );
}

void boot();
