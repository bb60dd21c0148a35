import './terminal.css';
import { createRoot } from 'react-dom/client';
import { AppIntl, chooseConsoleLocale } from '../lib/i18n/console-intl';
import { loadTerminalCatalogue } from './catalogues';
import { TerminalApp } from './TerminalApp';
import { applyTheme } from './theme';

// `/terminal`: the web terminal. Its own entry: no console code, no firebase,
// no user sign-in — the device token from pairing is its only credential. It speaks the
// browser's language or `?lang=`, from the `common` and `terminal` catalogues only.
applyTheme();
createRoot(document.getElementById('root') as HTMLElement).render(
  <AppIntl
    load={loadTerminalCatalogue}
    initial={chooseConsoleLocale(window.location.search, navigator.languages ?? [navigator.language], null)}
  >
    <TerminalApp />
  </AppIntl>,
);
