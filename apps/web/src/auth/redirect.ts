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
