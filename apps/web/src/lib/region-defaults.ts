/**
 * The country and currency a new business most likely has, from the browser's languages: the
 * first tag with a region ("en-GB" → GB), else the likeliest region of the first language
 * ("de" → DE). Only a prefill: the form shows it and the owner can change it.
 */

// ISO 4217 currency of each country Scanline's users are likely in; the euro area as of 2026
// (Bulgaria joined on 1 January 2026), plus the microstates that use the euro.
const EURO = 'AD AT BE BG CY DE EE ES FI FR GR HR IE IT LT LU LV MC ME MT NL PT SI SK SM VA XK';
const OTHER: Record<string, string> = {
  AE: 'AED',
  AR: 'ARS',
  AU: 'AUD',
  BR: 'BRL',
  CA: 'CAD',
  CH: 'CHF',
  CL: 'CLP',
  CN: 'CNY',
  CO: 'COP',
  CZ: 'CZK',
  DK: 'DKK',
  EG: 'EGP',
  GB: 'GBP',
  HK: 'HKD',
  HU: 'HUF',
  ID: 'IDR',
  IL: 'ILS',
  IN: 'INR',
  IS: 'ISK',
  JP: 'JPY',
  KE: 'KES',
  KR: 'KRW',
  LI: 'CHF',
  MA: 'MAD',
  MX: 'MXN',
  MY: 'MYR',
  NG: 'NGN',
  NO: 'NOK',
  NZ: 'NZD',
  PE: 'PEN',
  PH: 'PHP',
  PL: 'PLN',
  RO: 'RON',
  RS: 'RSD',
  SA: 'SAR',
  SE: 'SEK',
  SG: 'SGD',
  TH: 'THB',
  TR: 'TRY',
  TW: 'TWD',
  UA: 'UAH',
  US: 'USD',
  VN: 'VND',
  ZA: 'ZAR',
};
const CURRENCY_OF: Record<string, string> = {
  ...Object.fromEntries(EURO.split(' ').map((c) => [c, 'EUR'])),
  ...OTHER,
};

const FALLBACK = { country: 'US', currency: 'USD' } as const;

function regionOf(tag: string, maximize: boolean): string | undefined {
  try {
    const locale = new Intl.Locale(tag);
    const region = locale.region ?? (maximize ? locale.maximize().region : undefined);
    return region && /^[A-Z]{2}$/.test(region) ? region : undefined;
  } catch {
    return undefined;
  }
}

export function regionDefaults(languages: readonly string[]): { country: string; currency: string } {
  const country =
    languages.map((l) => regionOf(l, false)).find(Boolean) ??
    (languages[0] ? regionOf(languages[0], true) : undefined);
  if (!country) return FALLBACK;
  return { country, currency: CURRENCY_OF[country] ?? FALLBACK.currency };
}

/** The browser's own languages, most preferred first. */
export const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language].filter(Boolean);
