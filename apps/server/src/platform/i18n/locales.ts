import { PSEUDO_LOCALE, USER_LOCALES } from '@scanline/contracts';

/**
 * The two audiences of the server's text (issue 28 §1): people who use Scanline (its emails, in
 * the console's four languages) and shoppers (the receipt page and email, in the pay pages'
 * seven). Both accept the pseudo-locale `en-XA`.
 */
export const EMAIL_LOCALES = USER_LOCALES;
export const SHOPPER_LOCALES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt'] as const;

export type EmailLocale = (typeof EMAIL_LOCALES)[number] | typeof PSEUDO_LOCALE;
export type ShopperLocale = (typeof SHOPPER_LOCALES)[number] | typeof PSEUDO_LOCALE;

export { PSEUDO_LOCALE };
