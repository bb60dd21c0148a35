/** Minor units per major unit as ISO 4217 and Intl say: 2 for USD, 0 for JPY, 3 for KWD. */
export const currencyDigits = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/**
 * 1250 USD → "$12.50" in English: audit labels and search results (emails and receipts use their
 * language's `Translator.money`); the CLI passes the operator's locale ("12,50 $" in German).
 */
export const formatMoney = (minor: number, currency: string, locale = 'en') =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    minor / 10 ** currencyDigits(currency),
  );
