import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../apps/server/src/identity/users/find-user';
import { freshSession } from '../apps/server/src/test/tokens';
import { expectVisible, newEmail, registerThroughUi, type Stack, startStack } from './support';

/** In the browser: a demo project from the button, its dashboard over two ranges. */
describe('project dashboard in Chromium', () => {
  let s: Stack;
  let email: string;
  let projectId: string;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s.close());

  it('creates a demo project from the empty dashboard, shows figures and charts, follows the range', async () => {
    const page = await (await s.context()).newPage();
    email = newEmail('demo');
    await registerThroughUi(page, s.origin, email);
    await page.getByRole('button', { name: 'Create a demo project' }).click();
    await page.waitForURL(/\/p\/prj_[A-Za-z0-9]+\/dashboard/, { timeout: 60_000 });
    projectId = /\/p\/(prj_[A-Za-z0-9]+)\//.exec(page.url())![1]!;

    const volume = page.locator('[aria-label="Volume"] .figure-value');
    await expectVisible(volume, 30_000);
    const range = page.locator('[data-range]');
    const thirtyDays = await range.getAttribute('data-range');
    const thirtyDayVolume = await volume.textContent();
    expect(thirtyDayVolume).toMatch(/\$[\d,]+/);
    // Volume and payments, success rate, declines, scan funnel: four canvases drawn.
    await expectVisible(page.locator('[aria-label="Scan funnel"] canvas'));
    expect(await page.locator('.chart-grid canvas').count()).toBe(4);
    const chartBefore = await page.locator('[aria-label="Volume and payments"] canvas').screenshot();

    await page.getByText('7 days', { exact: true }).click();
    await page.waitForURL(/range=7d/);
    await page.waitForFunction(
      (before) => document.querySelector('[data-range]')?.getAttribute('data-range') !== before,
      thirtyDays,
    );
    await page.waitForFunction(
      (before) => document.querySelector('[aria-label="Volume"] .figure-value')?.textContent !== before,
      thirtyDayVolume,
    );
    await page.waitForTimeout(600); // Chart.js animates to the new data
    const chartAfter = await page.locator('[aria-label="Volume and payments"] canvas').screenshot();
    expect(Buffer.compare(chartBefore, chartAfter)).not.toBe(0);

    // The range is in the URL: a reload keeps it.
    await page.reload();
    await expectVisible(page.locator('[data-range]'));
    expect(await page.locator('[data-range]').getAttribute('data-range')).not.toBe(thirtyDays);

    // /u/dashboard shows the project's last 7 days.
    await page.goto(`${s.origin}/u/dashboard`);
    await expectVisible(page.locator('.project-figures'));
  });

  it('counts declined cards under the success rate and counts test payments only when asked', async () => {
    const page = await (await s.context()).newPage();
    await page.goto(`${s.origin}/login`);
    await page.fill('#login-email', email);
    await page.fill('#login-password', 'correct horse 1');
    await page.click('button[type=submit]');
    await page.waitForURL('**/u/dashboard');
    await page.goto(`${s.origin}/p/${projectId}/dashboard`);
    const hint = page.locator('[aria-label="Success rate"] .figure-hint');
    await expectVisible(hint, 30_000);
    expect(await hint.textContent()).toMatch(/^[\d,]+ declined cards?/);
    const note = page.locator('.dashboard-range-note');
    expect(await note.textContent()).toContain('Test payments are left out.');
    await page.getByRole('button', { name: 'Count them' }).click();
    await page.waitForURL(/include_test=true/);
    await expectVisible(page.getByRole('button', { name: 'Leave them out' }));
    expect(await note.textContent()).toContain('Test payments (scanline trigger) are counted.');
  });

  it('filters the transactions screen by amount and date and exports the whole filtered set', async () => {
    const page = await (await s.context()).newPage();
    await page.goto(`${s.origin}/login`);
    await page.fill('#login-email', email);
    await page.fill('#login-password', 'correct horse 1');
    await page.click('button[type=submit]');
    await page.waitForURL('**/u/dashboard');
    const since = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    // The table keeps its filters in the address (amounts typed in dollars, as a person would).
    await page.goto(
      `${s.origin}/p/${projectId}/transactions?amount[gte]=20&amount[lte]=50&created_at[dateAfter]=${since}`,
    );
    await expectVisible(page.locator('.server-table tbody tr').first(), 20_000);
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    const file = await download.path();
    const lines = fs.readFileSync(file, 'utf8').trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,created_at,status,amount,/);
    await expectVisible(page.getByText(`Downloaded ${(lines.length - 1).toLocaleString('en-US')} rows.`));
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines.slice(1)) {
      const [, created, , amount] = line.split(',');
      // Major units, as the accounting exports write them.
      expect(Number(amount)).toBeGreaterThanOrEqual(20);
      expect(Number(amount)).toBeLessThanOrEqual(50);
      expect(created! > since).toBe(true);
    }
    // The same set through the API with the session's token: the export is the whole filtered set.
    const user = await findUserByEmail(s.t.ctx.database.db, email);
    const auth = await freshSession(s.t.ctx, user!);
    const res = await fetch(
      `${s.origin}/api/v1/projects/${projectId}/transactions/export.csv?amount[gte]=2000&amount[lte]=5000&created_at[dateAfter]=${since}`,
      { headers: auth },
    );
    expect(Number(res.headers.get('x-total-count'))).toBe(lines.length - 1);
  });
});
