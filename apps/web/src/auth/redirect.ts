const KEY = 'scanline.redirect';

/** Remembers where an unauthenticated visitor wanted to go (path, query and hash). */
export function rememberDestination(location: { pathname: string; search: string; hash: string }) {
  sessionStorage.setItem(KEY, `${location.pathname}${location.search}${location.hash}`);
}

/** The remembered destination, once; only same-origin paths are honoured. */
export function takeDestination(): string | null {
  const value = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return value?.startsWith('/') && !value.startsWith('//') ? value : null;
}

/** The remembered destination without using it up (an email link carries it to another tab). */
export function peekDestination(): string | null {
  const value = sessionStorage.getItem(KEY);
  return value?.startsWith('/') && !value.startsWith('//') ? value : null;
}
