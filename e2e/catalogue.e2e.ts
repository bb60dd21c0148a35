import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, expectVisible, type Stack, signedUpWithProject, startStack } from './support';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze()).violations.map((v) => `${v.id}: ${v.help}`);

/** The Catalog screen in Chromium: an item with variants by keyboard, then an import previewed before it is applied. */
describe('the catalog in Chromium', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s.close());

  it('adds an item with variants, and imports a file only once its errors are fixed', async () => {
    const page = await (await s.context()).newPage();
    const { project } = await signedUpWithProject(s, page, {
      tag: 'catalog',
      currency: 'EUR',
      country: 'DE',
    });
    await page.goto(`${s.origin}/p/${project.id}/catalog`);
    await expectVisible(page.getByText('No items yet'));
    expect(await axe(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add item' }).first().click();
    const dialog = page.locator('.p-dialog');
    await page.getByLabel('Name', { exact: true }).fill('Flat white');
    await page.getByLabel('Category').fill('Coffee');
    await dialog.getByRole('button', { name: 'Add variant' }).click();
    await page.getByLabel('Variant 1 name').fill('Small');
    await page.getByLabel('Variant 1 price in EUR').fill('3.20');
    await dialog.getByRole('button', { name: 'Add variant' }).click();
    await page.getByLabel('Variant 2 name').fill('Large');
    await page.getByLabel('Variant 2 price in EUR').fill('3.90');
    expect(await axe(page)).toEqual([]);
    await page.getByLabel('Variant 2 price in EUR').press('Enter');
    await expectText(page.locator('.p-datatable'), 'Flat white');
    await expectText(page.locator('.p-datatable'), 'Large');

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const file = (text: string) => ({ name: 'menu.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
    await page.getByLabel('CSV file').setInputFiles(file('name,category,price\nCroissant,Bakery,2.1.0\n'));
    await page.getByRole('button', { name: 'Preview' }).click();
    await expectText(page.getByRole('dialog'), '1 error');
    await expectText(page.getByRole('dialog').locator('.p-datatable'), 'price');
    expect(await page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
    expect(await axe(page)).toEqual([]);

    await page.getByLabel('CSV file').setInputFiles(file('name,category,price\nCroissant,Bakery,2.10\n'));
    await page.getByRole('button', { name: 'Preview' }).click();
    await expectText(page.getByRole('dialog'), '1 new');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expectText(page.locator('.p-datatable'), 'Croissant');
    await expectText(page.locator('.p-datatable'), '2.10');
  });
});
