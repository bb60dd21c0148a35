import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../apps/server/src/identity/users/find-user';
import { freshSession } from '../apps/server/src/test/tokens';
import { expectVisible, newEmail, registerThroughUi, type Stack, startStack } from './support';

/** Issue 9 in the browser: a demo project from the button, its dashboard over two ranges. */
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

  // The transactions screen is another engineer's and had not landed: the export is checked
  // through the API, with the filters the screen sends.
  it('exports the demo transactions filtered by amount and date as CSV', async () => {
    const user = await findUserByEmail(s.t.ctx.database.db, email);
    const auth = await freshSession(s.t.ctx, user!);
    const since = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const res = await fetch(
      `${s.origin}/api/v1/projects/${projectId}/transactions/export.csv?amount[gte]=2000&amount[lte]=5000&created_at[dateAfter]=${since}`,
      { headers: auth },
    );
    expect(res.status).toBe(200);
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,created_at,status,amount,/);
    expect(lines.length - 1).toBe(Number(res.headers.get('x-total-count')));
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines.slice(1)) {
      const [, created, , amount] = line.split(',');
      expect(Number(amount)).toBeGreaterThanOrEqual(2000);
      expect(Number(amount)).toBeLessThanOrEqual(5000);
      expect(created! > since).toBe(true);
    }
  });
});
