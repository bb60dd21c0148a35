import { type ReactElement, useCallback, useState } from 'react';
import { AuthProvider } from '../auth/auth-context';
import { loadConsoleCatalogue } from '../lib/i18n/console-catalogues';
import { AppIntl } from '../lib/i18n/console-intl';
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
  const prefetch = useCallback(() => void loadConsoleModule().catch(() => undefined), []);
  const leave = useCallback(() => void loadConsole().then(setConsole), [loadConsole]);
  return (
    <AuthProvider>
      {/* Every screen in the chosen language (the account's, ?lang=, the browser's). */}
      <AppIntl load={loadConsoleCatalogue}>
        <IdentityLanguage />
        {console ?? <SignInShell onLeave={leave} prefetch={prefetch} />}
      </AppIntl>
    </AuthProvider>
  );
}
