/** Where the city goes after the state and before the postal code ("Austin, TX 78701"). */
const CITY_FIRST = new Set(['US', 'CA', 'AU']);

const countryName = (code: string, locale: string) => {
  try {
    // The pseudo-locale has no country names of its own: English ones.
    return (
      new Intl.DisplayNames([locale === 'en-XA' ? 'en' : locale, 'en'], { type: 'region' }).of(code) ?? code
    );
  } catch {
    return code;
  }
};

/**
 * The business's address as printed on receipts and in receipt emails, one line
 * each: street, second line, town (postal code and city in the country's order), country (named
 * in the reader's language).
 */
export function addressLines(address: Record<string, string> | null | undefined, locale = 'en'): string[] {
  if (!address) return [];
  const { line1, line2, postal_code: postal, city, state, country } = address;
  const town =
    country && CITY_FIRST.has(country)
      ? [city, [state, postal].filter(Boolean).join(' ')].filter(Boolean).join(', ')
      : [[postal, city].filter(Boolean).join(' '), state].filter(Boolean).join(', ');
  return [line1, line2, town, country ? countryName(country, locale) : undefined].filter((l): l is string =>
    Boolean(l?.trim()),
  );
}
