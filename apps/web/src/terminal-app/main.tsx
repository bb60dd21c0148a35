import './terminal.css';
import { createRoot } from 'react-dom/client';
import { TerminalApp } from './TerminalApp';
import { applyTheme } from './theme';

// `/terminal`: the web terminal (issue 7). Its own entry: no console code, no firebase,
// no user sign-in — the device token from pairing is its only credential.
applyTheme();
createRoot(document.getElementById('root') as HTMLElement).render(<TerminalApp />);
