import { type ReactElement, useCallback, useState } from 'react';
import { AuthProvider } from '../auth/auth-context';
import { loadConsoleCatalogue, loadSignInCatalogue } from '../lib/i18n/console-catalogues';
import { AppIntl, chooseConsoleLocale, loadCatalogue } from '../lib/i18n/console-intl';
import { IdentityLanguage } from './IdentityLanguage';
import { SignInShell } from './SignInShell';

export const loadConsoleModule = () => import('./create-router');

/**
 * The console. Without `console` yet, /login paints first in the sign-in shell and the
 * console's router takes over on the first navigation (SignInShell.tsx); the
 * auth state stays mounted across the hand-over.
 */
export function App({
  console: initial,
  loadConsole,
}: {
  console?: ReactElement;
  loadConsole: () => Promise<ReactElement>;
}) {
  const [console, setConsole] = useState(initial);
  // Once the sign-in screen has painted: the router's code and the rest of the catalogue.
  const prefetch = useCallback(() => {
    void loadConsoleModule().catch(() => undefined);
    void loadCatalogue(loadConsoleCatalogue, chooseConsoleLocale()).catch(() => undefined);
  }, []);
  // The console's screens need the whole catalogue, not only the sign-in screen's.
  const leave = useCallback(
    () =>
      void Promise.all([loadConsole(), loadCatalogue(loadConsoleCatalogue, chooseConsoleLocale())]).then(
        ([next]) => setConsole(next),
      ),
    [loadConsole],
  );
  return (
    <AuthProvider>
      {/* Every screen in the chosen language (the account's, ?lang=, the browser's). */}
      <AppIntl load={loadConsoleCatalogue} first={initial ? undefined : loadSignInCatalogue}>
        <IdentityLanguage />
        {console ?? <SignInShell onLeave={leave} prefetch={prefetch} />}
      </AppIntl>
    </AuthProvider>
  );
}
