export type Appearance = 'light' | 'dark' | 'system';
const KEY = 'scanline.appearance';

export function getAppearance(): Appearance {
  const v = localStorage.getItem(KEY);
  return v === 'light' || v === 'dark' ? v : 'system';
}

const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)').matches;

/** Dark mode is the `dark` class on <html> (seed §1); the theme stylesheet follows it. */
export function applyAppearance(appearance: Appearance = getAppearance()) {
  const dark = appearance === 'dark' || (appearance === 'system' && systemDark());
  document.documentElement.classList.toggle('dark', dark);
  const link = document.getElementById('theme-link') as HTMLLinkElement | null;
  if (!link) return;
  // Built pages carry the content-hashed names on the link (scripts/hashed-themes.ts).
  const href = (dark ? link.dataset.dark : link.dataset.light) ?? `/themes/${dark ? 'dark' : 'light'}.css`;
  if (!link.href.endsWith(href)) link.href = href;
}

export function setAppearance(appearance: Appearance) {
  if (appearance === 'system') localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, appearance);
  applyAppearance(appearance);
}

/** Follows the system while the user has not chosen, and choices made in other tabs. */
export function watchAppearance() {
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => applyAppearance());
  window.addEventListener('storage', (e) => {
    if (e.key === KEY) applyAppearance();
  });
}
