import { PrimeReactProvider } from 'primereact/api';
import { type ReactNode, useMemo } from 'react';
import { Outlet } from 'react-router';
import { useLocaleChoice } from '../lib/i18n/console-intl';
import { primeLocaleFor } from './prime-locale';

// Filled inputs and ripples everywhere (seed §2). The provider lives here, loaded with the first
// screen that uses PrimeReact, not at boot: `primereact/api` brings its utilities (~15 KB on the
// wire) that /login's first paint does not need (issue 18 §5).
const OPTIONS = { inputStyle: 'filled', ripple: true } as const;

export function PrimeProvider({ children }: { children: ReactNode }) {
  // Issue 28: PrimeReact's own labels in the console's language.
  const { locale } = useLocaleChoice();
  const value = useMemo(() => ({ ...OPTIONS, locale: primeLocaleFor(locale) }), [locale]);
  return <PrimeReactProvider value={value}>{children}</PrimeReactProvider>;
}

/** The route layout around every screen built from PrimeReact components. */
export function PrimeLayout() {
  return (
    <PrimeProvider>
      <Outlet />
    </PrimeProvider>
  );
}
