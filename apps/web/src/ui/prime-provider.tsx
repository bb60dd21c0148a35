import { PrimeReactProvider } from 'primereact/api';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

// Filled inputs and ripples everywhere (seed §2). The provider lives here, loaded with the first
// screen that uses PrimeReact, not at boot: `primereact/api` brings its utilities (~15 KB on the
// wire) that /login's first paint does not need (issue 18 §5).
const OPTIONS = { inputStyle: 'filled', ripple: true } as const;

export function PrimeProvider({ children }: { children: ReactNode }) {
  return <PrimeReactProvider value={OPTIONS}>{children}</PrimeReactProvider>;
}

/** The route layout around every screen built from PrimeReact components. */
export function PrimeLayout() {
  return (
    <PrimeProvider>
      <Outlet />
    </PrimeProvider>
  );
}
