import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectGone,
  expectText,
  expectVisible,
  newEmail,
  registerThroughUi,
  type Stack,
  startStack,
} from './support';

/**
 * The business form takes the address and VAT ID that receipts print, on a phone
 * as on a desktop, and shows the server's message under the field it refused.
 */
describe('business address and VAT ID', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s.close());

  it('creates a business with its address and VAT ID, and edits them', async () => {
    const page = await (await s.context({ width: 390, height: 844, dark: true })).newPage();
    await registerThroughUi(page, s.origin, newEmail('address'));
    await page.goto(`${s.origin}/u/businesses`);
    await page.getByRole('button', { name: 'Add your first business' }).click();
    await page.fill('#biz-name', 'Acme Kaffee');
    await page.fill('#biz-country', 'DE');
    await page.fill('#biz-currency', 'EUR');
    await page.fill('#biz-line1', 'Hauptstraße 5');
    await page.fill('#biz-postal', '10115');
    await page.fill('#biz-city', 'Berlin');
    await page.fill('#biz-vat', 'DE!2345');
    const dialog = page.locator('.p-dialog');
    // The dialog fits the phone.
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Create business' }).click();
    await expectText(dialog.locator('#biz-vat-error'), 'letters and digits');
    await page.fill('#biz-vat', 'DE123456789');
    await page.getByRole('button', { name: 'Create business' }).click();
    await expectGone(dialog);
    await expectText(page.locator('.p-datatable'), 'Acme Kaffee');

    // The server kept them, the address's country defaulting to the business's.
    const list = await s.t.ctx.database.db.query.businesses.findFirst({
      where: (b, { eq }) => eq(b.name, 'Acme Kaffee'),
    });
    expect(list?.address).toEqual({
      line1: 'Hauptstraße 5',
      postal_code: '10115',
      city: 'Berlin',
      country: 'DE',
    });
    expect(list?.vatId).toBe('DE123456789');

    // Editing shows them; clearing the second line it never had and adding one works.
    await page.getByRole('button', { name: 'Edit Acme Kaffee' }).click();
    await expectVisible(page.locator('#biz-line1'));
    expect(await page.inputValue('#biz-line1')).toBe('Hauptstraße 5');
    expect(await page.inputValue('#biz-vat')).toBe('DE123456789');
    await page.fill('#biz-line2', 'Hinterhaus');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectGone(page.locator('.p-dialog'));
    const after = await s.t.ctx.database.db.query.businesses.findFirst({
      where: (b, { eq }) => eq(b.name, 'Acme Kaffee'),
    });
    expect(after?.address).toMatchObject({ line1: 'Hauptstraße 5', line2: 'Hinterhaus', city: 'Berlin' });
  });
});
