import { matchLanguage } from '@scanline/contracts/locales';
import { PSEUDO_LOCALE } from './locales';

/**
 * `de-CH,de;q=0.9,en;q=0.5` → `['de-CH', 'de', 'en']`: the tags in the order the browser prefers
 * them (a stable sort keeps the header's order among equal weights); `*` and q=0 are dropped.
 */
export function parseAcceptLanguage(header: string | string[] | undefined | null): string[] {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(
      (l) => l.tag && l.tag !== '*' && l.weight > 0 && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(l.tag),
    )
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((l) => l.tag);
}

/**
 * The first wish that one of `supported` answers: the exact tag (case-insensitive, so `en-xa` is
 * the pseudo-locale), else its language (`pt-BR` → `pt`, `zh-CN` → `zh-Hans`, but `zh-TW` is
 * not Simplified Chinese and matches nothing). The pseudo-locale is only ever chosen
 * by name, never as a fallback of English. Nothing matches → English.
 */
export function pickLocale<L extends string>(
  supported: readonly L[],
  ...wishes: (string | readonly string[] | null | undefined)[]
): L | 'en' {
  for (const wish of wishes.flat()) {
    if (!wish) continue;
    const tag = wish.trim();
    if (tag.toLowerCase() === PSEUDO_LOCALE.toLowerCase() && supported.includes(PSEUDO_LOCALE as L))
      return PSEUDO_LOCALE as L;
    const found = matchLanguage(tag, supported);
    if (found) return found;
  }
  return 'en';
}
