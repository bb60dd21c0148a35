import { PrimeReactProvider } from 'primereact/api';
import { type ReactNode, useEffect, useMemo } from 'react';
import { Outlet } from 'react-router';
import { useLocaleChoice } from '../lib/i18n/console-intl';
import { watchDialogFocusReturn } from './focus-return';
import { primeLocaleFor } from './prime-locale';

// Filled inputs and ripples everywhere (seed §2). The provider lives here, loaded with the first
// screen that uses PrimeReact, not at boot: `primereact/api` brings its utilities (~15 KB on the
// wire) that /login's first paint does not need.
// (axe, WCAG 2.2 AA), through PrimeReact's pass-through options:
// - Dropdown: its copy of the value in a hidden <select> (for forms) and its mouse-only arrow
//   (`role=button`, no name, not focusable) leave the accessibility tree; its focusable input
//   already carries the name and `aria-haspopup`.
// - Chips: a plain list of chips and the input (a `listbox` may not hold the input's item).
// - InputSwitch: one switch — the focusable input's `role=switch` — not a checkbox around it.
const OPTIONS = {
  inputStyle: 'filled',
  ripple: true,
  pt: {
    dropdown: { select: { 'aria-hidden': true }, trigger: { 'aria-hidden': true } },
    chips: {
      container: { role: undefined, 'aria-orientation': undefined, 'aria-activedescendant': undefined },
      token: {
        role: undefined,
        'aria-selected': undefined,
        'aria-setsize': undefined,
        'aria-posinset': undefined,
      },
    },
    inputswitch: { root: { role: undefined, 'aria-checked': undefined } },
  },
} as const;

export function PrimeProvider({ children }: { children: ReactNode }) {
  useEffect(() => watchDialogFocusReturn(), []);
  // PrimeReact's own labels in the console's language.
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
