import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTerminal, makeTransaction } from '../apps/server/src/test/payment-factories';
import { expectText, expectVisible, type Stack, signedUpWithProject, startStack } from './support';

/** In the browser: Ctrl-K, a reference typed, arrows and Enter open the transaction. */
describe('global search in Chromium', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s.close());

  /** A signed-in person with a project holding two transactions whose references share a prefix. */
  const setup = async (opts: { width?: number; dark?: boolean } = {}) => {
    const context = await s.context(opts);
    const page = await context.newPage();
    const { project } = await signedUpWithProject(s, page, { tag: 'search', country: 'DE', currency: 'EUR' });
    const db = s.t.ctx.database.db;
    const terminal = await makeTerminal(db, project.id, { label: 'Front counter' });
    const first = await makeTransaction(db, project.id, terminal.id, {
      reference: 'INV-2026-0042',
      currency: 'EUR',
    });
    const second = await makeTransaction(db, project.id, terminal.id, {
      reference: 'INV-2026-0043',
      currency: 'EUR',
      cardLast4: '4242',
    });
    return { page, project: project as { id: string }, first, second };
  };

  it('Ctrl-K opens the search; typing a reference, ArrowDown and Enter open that transaction', async () => {
    const { page, project, second } = await setup();
    await page.goto(`${s.origin}/p/${project.id}/dashboard`);
    await expectVisible(page.locator('.search-trigger'));
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search this project' });
    await expectVisible(dialog);
    // The box has the focus as soon as the dialog opens: typing goes straight into it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('combobox');
    await page.keyboard.type('inv-2026-00', { delay: 20 });
    const options = dialog.getByRole('option');
    await expectText(dialog.getByRole('listbox'), 'INV-2026-0043');
    expect(await options.count()).toBe(2);
    expect(await dialog.getByRole('group', { name: 'Transactions' }).count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => options.nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/p/${project.id}/transactions/${second.id}`);
    await expectText(page.locator('main'), 'INV-2026-0043');
    await expect.poll(() => dialog.count()).toBe(0);

    // The box itself opens it too, and says when nothing matches.
    await page.locator('.search-trigger').click();
    await dialog.getByRole('combobox', { name: 'Search' }).fill('no-such-thing');
    await expectText(dialog, 'Nothing in this project matches');
  });

  it('fits a 390 px phone in dark mode: an icon opens it, a card’s last 4 finds the payment', async () => {
    const { page, project, second } = await setup({ width: 390, dark: true });
    await page.goto(`${s.origin}/p/${project.id}/transactions`);
    const icon = page.locator('.search-trigger-icon');
    await expectVisible(icon);
    expect(await page.locator('.search-trigger').isVisible()).toBe(false);
    await icon.click();
    const dialog = page.getByRole('dialog', { name: 'Search this project' });
    await dialog.getByRole('combobox', { name: 'Search' }).fill('4242');
    await expectText(dialog.getByRole('listbox'), 'INV-2026-0043');
    const overflow = await page.evaluate(() => ({
      doc: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      dialog: document.querySelector('.search-dialog')!.getBoundingClientRect().right,
    }));
    expect(overflow.doc).toBeLessThanOrEqual(0);
    expect(overflow.dialog).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/p/${project.id}/transactions/${second.id}`);
  });
});
