import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, expectVisible, type Stack, signedUpWithProject, startStack } from './support';

/**
 * On a EUR project the web terminal's keypad charges in EUR, with no currency picker
 * to mis-tap, until an admin allows other currencies in the project's settings.
 */
describe('the keypad charges in the project’s currency', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s.close());

  it('offers no other currency on a EUR project until the settings allow it', async () => {
    const merchant = await (await s.context()).newPage();
    const { post, project } = await signedUpWithProject(s, merchant, {
      tag: 'currency',
      country: 'DE',
      currency: 'EUR',
    });
    const terminals = `/terminal/v1/projects/${project.id}/terminals`;
    const terminal = await post(terminals, { label: 'Counter tablet', kind: 'virtual' });
    const { code } = await post(`${terminals}/${terminal.id}/pairing-codes`, {});

    const tablet = await (await s.context({ width: 390, height: 844 })).newPage();
    await tablet.goto(`${s.origin}/terminal?code=${code}`);
    await tablet.getByRole('button', { name: 'Pair' }).click();
    await expectText(tablet.getByTestId('terminal-label'), 'Counter tablet');
    await expectText(tablet.getByTestId('keypad-currency'), 'EUR');
    expect(await tablet.locator('select#currency').count()).toBe(0);
    for (const key of ['4', '5', '0']) await tablet.getByRole('button', { name: key, exact: true }).click();
    await expectText(tablet.getByTestId('keypad-amount'), '€4.50');
    await tablet.getByRole('button', { name: 'Charge €4.50' }).click();
    await expectText(tablet.getByTestId('payment-amount'), '€4.50');
    await tablet.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectText(tablet.getByTestId('terminal-idle'), 'was canceled');

    // The owner allows other currencies in the project's settings.
    await merchant.goto(`${s.origin}/p/${project.id}/settings`);
    const allow = merchant.locator('label[for=settings-other-currencies]');
    await expectVisible(allow);
    await allow.click();
    await merchant.getByRole('button', { name: 'Save settings' }).click();
    await expectText(merchant.locator('.p-toast'), 'Settings saved');
    await merchant.reload();
    await expectVisible(merchant.locator('#settings-other-currencies:checked'));

    // The terminal, opened again, now offers the picker, starting on the project's currency.
    await tablet.goto(`${s.origin}/terminal`);
    const picker = tablet.locator('select#currency');
    await expectVisible(picker);
    expect(await picker.inputValue()).toBe('EUR');
    await picker.selectOption('USD');
    for (const key of ['2', '0', '0']) await tablet.getByRole('button', { name: key, exact: true }).click();
    await tablet.getByRole('button', { name: 'Charge $2.00' }).click();
    await expectText(tablet.getByTestId('payment-amount'), '$2.00');
  });
});
