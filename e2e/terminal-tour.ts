import { accent } from '@scanline/contracts/pseudo-locale';
import type { Page } from 'playwright-core';
import type { ConsoleTour } from './console-tour';
import { expectText, expectVisible } from './support';

// The web terminal's screens, one after the other, on the console tour's project (its counter
// terminal and its manager Mo, PIN 9876): the axe walk (a11y-routes.e2e.ts) and the
// pseudo-locale walk (pseudo-locale.e2e.ts) look at each screen on the way.

/** The screens, in the order the walk reaches them. */
export const TERMINAL_SCREENS = [
  'pair',
  'cashier lock',
  'items',
  'keypad',
  'payment',
  'result',
  'recent payments with a refund open',
  'drawer',
  'close',
] as const;
export type TerminalScreen = (typeof TERMINAL_SCREENS)[number];

/**
 * Pairs a fresh browser tab with the tour's counter terminal, signs Mo in, charges $4.50 (a custom
 * amount in the basket, beside the catalogue's grid), pays it, opens its refund, the cash drawer
 * and the close of day, calling `look` on each screen once drawn. With `lang` the terminal is
 * opened in that language (`?lang=`); buttons are found by their English names, accented for the
 * pseudo-locale `en-XA` (its messages hold the accented English, bracketed).
 */
export async function walkTerminal(
  page: Page,
  origin: string,
  tour: ConsoleTour,
  look: (screen: TerminalScreen) => Promise<void>,
  lang?: 'en-XA',
) {
  const say = (english: string) => (lang === 'en-XA' ? accent(english) : english);
  const query = lang ? `lang=${lang}` : '';
  const button = (english: string) => page.getByRole('button', { name: say(english) });
  await page.goto(`${origin}/terminal${query ? `?${query}` : ''}`);
  await expectVisible(page.locator('input'));
  await look('pair');
  await page.goto(`${origin}/terminal?code=${await tour.pairingCode()}${query ? `&${query}` : ''}`);
  await button('Pair').click();
  await expectVisible(page.getByTestId('cashier-lock'));
  await look('cashier lock');
  for (const k of '9876') await page.getByRole('button', { name: k, exact: true }).click();
  await button('Sign in').click();
  await expectText(page.getByTestId('cashier-name'), 'Mo');
  // The project sells from its catalogue: the grid, then $4.50 typed as a custom amount.
  await expectVisible(page.getByTestId('item-grid'));
  await look('items');
  await button('Custom amount').click();
  await expectVisible(page.getByTestId('custom-amount'));
  await look('keypad');
  for (const k of '450') await page.getByRole('button', { name: k, exact: true }).click();
  await button('Add $4.50').click();
  await button('Charge $4.50').click();
  await expectVisible(page.locator('[data-testid=payment-qr] svg'));
  await look('payment');
  await tour.pay(String(await page.getByTestId('payment-link').getAttribute('href')));
  await expectVisible(page.locator('[data-testid=payment-result][data-status=succeeded]'));
  await look('result');
  await button('New payment').click();
  const recent = page.getByTestId('recent-payment').first();
  await expectText(recent, '$4.50');
  await recent.getByRole('button', { name: say('Refund') }).click();
  await expectVisible(recent.locator('.term-refund'));
  await look('recent payments with a refund open');
  await page.getByRole('button', { name: say('Drawer') }).click();
  await expectVisible(page.getByTestId('drawer-status'));
  await look('drawer');
  await page.getByRole('button', { name: say('Back') }).click();
  await button('Close the day').click();
  await expectVisible(page.getByTestId('term-net'));
  await look('close');
}
