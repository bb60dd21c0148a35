import { type AnchorHTMLAttributes, createContext, type MouseEvent, useContext, useEffect } from 'react';

/**
 * The little of the router the sign-in screen and the console's frame need: where we are, how
 * to go elsewhere, whether a navigation is under way. Provided by the console's router
 * (router.tsx) or, before it has loaded, by the /login shell (SignInShell.tsx); this file
 * imports nothing of React Router so /login paints without it.
 */
export interface Nav {
  location: { pathname: string; search: string; hash: string };
  navigate(to: string, options?: { replace?: boolean }): void;
  busy: boolean;
}

const NavContext = createContext<Nav | null>(null);
export const NavProvider = NavContext.Provider;

export function useNav(): Nav {
  const nav = useContext(NavContext);
  if (!nav) throw new Error('useNav outside NavProvider');
  return nav;
}

/** Whether a route change is loading (false when no router is there yet). */
export const useNavBusy = () => useContext(NavContext)?.busy ?? false;

/** An in-app link: a plain left click navigates in place, anything else is the browser's. */
export function Link({ to, onClick, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const { navigate } = useNav();
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (rest.target && rest.target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={click} {...rest} />;
}

export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const { navigate } = useNav();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}
