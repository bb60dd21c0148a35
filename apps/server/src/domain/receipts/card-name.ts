import { brandName, walletName } from '@scanline/contracts/card-names';
import type { Translator } from '../../platform/i18n/catalogue';

/**
 * What a receipt calls a card: its wallet when it came through one ("Apple Pay", as a shopper
 * paid; docs/guide/wallets.md), else its brand ("Visa"), else the word "Card".
 */
export const cardName = (t: Translator, card: { cardBrand: string | null; cardWallet?: string | null }) =>
  walletName(card.cardWallet) ?? brandName(card.cardBrand) ?? t.t('receipt.card');
