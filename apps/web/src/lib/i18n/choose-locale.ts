// Which language a page speaks, shared by the shopper pages and the console.

export const PSEUDO = 'en-XA';

/**
 * The first of `tags` that is one of `codes` (any case, with or without a region: `pt-BR` →
 * `pt`), `en-XA` when asked for; `fallback` when none is.
 */
export function firstSupported<Code extends string>(
  tags: readonly (string | null | undefined)[],
  codes: readonly Code[],
  fallback: Code,
): Code | typeof PSEUDO {
  for (const tag of tags) {
    if (!tag) continue;
    if (tag.toLowerCase() === PSEUDO.toLowerCase()) return PSEUDO;
    const base = tag.toLowerCase().split(/[-_]/)[0];
    const found = codes.find((c) => c === base);
    if (found) return found;
  }
  return fallback;
}

/** The language `Intl` formats in: English for the pseudo-locale (its data are not translated). */
export const intlLocaleOf = (locale: string) => (locale === PSEUDO ? 'en' : locale);
