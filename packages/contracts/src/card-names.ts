/**
 * Card brands and phone wallets as their makers write them: names, never translated. The
 * receipts (server), the console and the terminal all name a card from here.
 */
export const CARD_BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
};

/** Stripe's `payment_method_details.card.wallet.type` values a shopper would recognise. */
export const WALLET_NAMES: Readonly<Record<string, string>> = {
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  samsung_pay: 'Samsung Pay',
  link: 'Link',
};

/** "Visa", "Mastercard"…, an unknown brand capitalised, or null without one. */
export const brandName = (brand: string | null): string | null =>
  brand ? (CARD_BRANDS[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1)) : null;

/** "Apple Pay"…, or null when the card came through no wallet (or one we do not name). */
export const walletName = (wallet: string | null | undefined): string | null =>
  wallet ? (WALLET_NAMES[wallet] ?? null) : null;
