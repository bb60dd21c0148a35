import type { PayResponse, ShopperScan, Sticker } from '@scanline/contracts';
import { loadPublicConfig, publicRequest } from '../lib/public-config';

// The mobile API (no sign-in). Type-only imports from the contracts: nothing of zod is bundled.

let base: Promise<string> | undefined;
const mobile = () => {
  base ??= loadPublicConfig().then((c) => c.mobile);
  return base;
};

export const openScan = async (token: string) =>
  publicRequest<ShopperScan>(await mobile(), '/scans', { method: 'POST', body: { token } });

export const readScan = async (scanId: string) =>
  publicRequest<ShopperScan>(await mobile(), `/scans/${encodeURIComponent(scanId)}`);

/**
 * The chosen tip goes with the card (minor units; sent only when there is one). `wallet`: the
 * simulator's wallet sheet paid it (docs/guide/wallets.md).
 */
export const pay = async (
  scanId: string,
  paymentMethod: string,
  tipAmount = 0,
  wallet?: 'apple_pay' | 'google_pay',
) =>
  publicRequest<PayResponse>(await mobile(), `/scans/${encodeURIComponent(scanId)}/payments`, {
    method: 'POST',
    body: {
      payment_method: paymentMethod,
      ...(tipAmount > 0 ? { tip_amount: tipAmount } : {}),
      ...(wallet ? { wallet } : {}),
    },
  });

/** The confirm step after `requires_action`: the server names the URL in `next_action`. */
export const confirm = async (scanId: string, confirmUrl: string | undefined) => {
  const mobileBase = await mobile();
  if (!confirmUrl)
    return publicRequest<PayResponse>(mobileBase, `/scans/${encodeURIComponent(scanId)}/payments/confirm`, {
      method: 'POST',
      body: {},
    });
  // An absolute URL or a path under the mobile API.
  const absolute = /^https?:\/\//.test(confirmUrl) || confirmUrl.startsWith('/');
  return absolute
    ? publicRequest<PayResponse>('', confirmUrl, { method: 'POST', body: {} })
    : publicRequest<PayResponse>(mobileBase, `/${confirmUrl}`, { method: 'POST', body: {} });
};

/** A terminal's sticker: whom the shopper pays and the amounts it takes. */
export const readSticker = async (token: string) =>
  publicRequest<Sticker>(await mobile(), `/stickers/${encodeURIComponent(token)}`);

export const payThroughSticker = async (token: string, body: { amount: number; note?: string }) =>
  publicRequest<{ transaction_id: string; payment_url: string }>(
    await mobile(),
    `/stickers/${encodeURIComponent(token)}/transactions`,
    { method: 'POST', body },
  );

/** "Email me this receipt": the address is used once and not kept. */
export const emailReceipt = async (scanId: string, email: string, locale: string) =>
  publicRequest<{ sent: true; emails_left: number }>(
    await mobile(),
    `/scans/${encodeURIComponent(scanId)}/receipt`,
    {
      method: 'POST',
      // The email (and the receipt page it links to) in the language the shopper reads here.
      body: { email, locale },
    },
  );
