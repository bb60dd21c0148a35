import { PSEUDO_LOCALE, SHOPPER_LOCALES, USER_LOCALES } from '@scanline/contracts';

/**
 * The two audiences of the server's text: people who use Scanline (their emails
 * and the sign-in popup, in the console's four languages) and shoppers (the receipt page and
 * email, in the pay pages' languages: the one list in @scanline/contracts, which the pay page
 * reads too). Both accept the pseudo-locale `en-XA`.
 */
export type UserLocale = (typeof USER_LOCALES)[number] | typeof PSEUDO_LOCALE;
export type ShopperLocale = (typeof SHOPPER_LOCALES)[number] | typeof PSEUDO_LOCALE;

/** What a choice may pick from, the pseudo-locale included (by name only). */
export const USER_CHOICES = [...USER_LOCALES, PSEUDO_LOCALE] as const;
export const SHOPPER_CHOICES = [...SHOPPER_LOCALES, PSEUDO_LOCALE] as const;

export { PSEUDO_LOCALE, SHOPPER_LOCALES, USER_LOCALES };
