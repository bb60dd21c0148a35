import { currencyDigits } from '@scanline/contracts/currency-digits';

/** Minor units per major unit, from ISO 4217's table: 2 for USD and HUF, 0 for JPY, 3 for KWD. */
export { currencyDigits };

/**
 * 1250 USD → "$12.50" in English: audit labels and search results (emails and receipts use their
 * language's `Translator.money`); the CLI passes the operator's locale ("12,50 $" in German).
 */
export const formatMoney = (minor: number, currency: string, locale = 'en') =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: currencyDigits(currency),
    maximumFractionDigits: currencyDigits(currency),
  }).format(minor / 10 ** currencyDigits(currency));
