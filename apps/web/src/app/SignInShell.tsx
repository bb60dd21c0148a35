import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { GlobalUiProvider } from '../ui/global-ui';
import { type Nav, NavProvider } from '../ui/nav';
import { AnonymousOnly } from './anonymous-only';
import { useSignOutRedirect } from './use-sign-out-redirect';

export const loadLoginPage = () => import('../auth/LoginPage');
const LoginPage = lazy(loadLoginPage);

/**
 * /login before React Router has loaded (the sign-in screen's first paint on a
 * phone): the same guard and page as its route in router.tsx. The first navigation (a link,
 * the signed-in redirect, back/forward) writes the history entry as React Router would and
 * hands over to the console's router, which opens that location itself.
 */
export function SignInShell({ onLeave, prefetch }: { onLeave: () => void; prefetch: () => void }) {
  const [left, setLeft] = useState(false);
  const nav = useMemo<Nav>(() => {
    const { pathname, search, hash } = window.location;
    return {
      location: { pathname, search, hash },
      busy: false,
      navigate(to, options) {
        // React Router's browser history keeps its index and a key in the entry's state.
        const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        const state = { usr: null, key: Math.random().toString(36).slice(2, 10) };
        if (options?.replace) window.history.replaceState({ ...state, idx }, '', to);
        else window.history.pushState({ ...state, idx: idx + 1 }, '', to);
        setLeft(true);
      },
    };
  }, []);
  useEffect(() => {
    const popped = () => setLeft(true);
    window.addEventListener('popstate', popped);
    return () => window.removeEventListener('popstate', popped);
  }, []);
  useEffect(() => {
    if (left) onLeave();
  }, [left, onLeave]);
  if (left) return null;
  return (
    <NavProvider value={nav}>
      <GlobalUiProvider>
        <SignOutWatcher />
        {/* The guard's effect (the auth SDK starts) runs once the form has painted. */}
        <Suspense fallback={null}>
          <AnonymousOnly>
            <LoginPage />
          </AnonymousOnly>
          <AfterPaint run={prefetch} />
        </Suspense>
      </GlobalUiProvider>
    </NavProvider>
  );
}

function SignOutWatcher() {
  useSignOutRedirect();
  return null;
}

/** Mounts with the form (same Suspense boundary): the router's chunk loads once it has painted. */
function AfterPaint({ run }: { run: () => void }) {
  useEffect(() => {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }, [run]);
  return null;
}
