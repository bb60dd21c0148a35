import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOPPER_LOCALES } from '../apps/server/src/platform/i18n/locales';
import { previewEmails } from '../apps/server/src/platform/mail/preview-emails';
import { type SmtpPeer, startSmtpPeer } from '../apps/server/src/test/smtp-peer';
import { buildIfChanged } from '../scripts/build-if-changed.mjs';
import { runFirstDay } from './first-day/journey';
import { freePort, type RunningServer, repoRoot, runCommand, startServer } from './first-day/processes';

/**
 * The server bundle on its own (docs/develop/testing.md#the-bundle): `apps/server/dist` copied to
 * an empty folder beside nothing but a `node_modules` link. Whatever it reads at run time must be
 * inside it; a file it still reads from the source tree fails here, as it would on a fresh install.
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))('the server bundle, alone in a folder', () => {
  let dir: string;
  let smtp: SmtpPeer;
  let server: RunningServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    await buildIfChanged(() => {}, { only: ['server'] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanline-bundle-'));
    fs.cpSync(path.join(repoRoot, 'apps/server/dist'), path.join(dir, 'dist'), { recursive: true });
    // What `npm ci` gives the server package: the hoisted packages, its own versions on top.
    const modules = path.join(dir, 'node_modules');
    fs.mkdirSync(modules);
    const link = (from: string, into: string) => {
      for (const name of fs.readdirSync(from)) {
        const target = path.join(into, name);
        // A scope (`@fastify`) holds packages of both levels: merged, one link per package.
        if (name.startsWith('@')) {
          if (!fs.existsSync(target) || fs.lstatSync(target).isSymbolicLink()) {
            const before = fs.existsSync(target) ? fs.realpathSync(target) : null;
            fs.rmSync(target, { force: true });
            fs.mkdirSync(target);
            if (before) link(before, target);
          }
          link(path.join(from, name), target);
          continue;
        }
        fs.rmSync(target, { force: true });
        fs.symlinkSync(path.join(from, name), target);
      }
    };
    link(path.join(repoRoot, 'node_modules'), modules);
    const own = path.join(repoRoot, 'apps/server/node_modules');
    if (fs.existsSync(own)) link(own, modules);

    smtp = await startSmtpPeer();
    env = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      DATA_DIR: path.join(dir, 'data'),
      SMTP_URL: smtp.url,
      LOG_FORMAT: 'json',
    };
    server = await startServer([process.execPath, 'dist/main.js'], env, { cwd: dir });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('renders every email in every language from the catalogues it carries', async () => {
    const out = path.join(dir, 'mail');
    const listed = await runCommand(
      [process.execPath, 'dist/cli.js', 'mail', 'preview', '--out', out],
      env,
      dir,
    );
    const expected = previewEmails();
    expect(listed.trim().split('\n')).toHaveLength(expected.length);
    for (const mail of expected) {
      const name = `${mail.audience}-${mail.locale}-${mail.key}`;
      // The same text as the source renders: the bundle carries every catalogue, not only English.
      expect(fs.readFileSync(path.join(out, `${name}.html`), 'utf8')).toBe(mail.html);
      expect(fs.readFileSync(path.join(out, `${name}.txt`), 'utf8')).toBe(mail.text);
    }
    expect(new Set(expected.map((m) => m.locale)).size).toBe(SHOPPER_LOCALES.length);
  });

  it('walks the first day, then shows the receipt page in every shopper language, with no error logged', async () => {
    const day = await runFirstDay({
      baseUrl: server.url,
      mailbox: smtp,
      cli: (args) => runCommand([process.execPath, 'dist/cli.js', ...args], env, dir),
    });
    const receipt = new URL(day.receiptUrl).pathname;
    for (const lang of SHOPPER_LOCALES) {
      const page = await fetch(`${server.url}${receipt}?lang=${lang}`);
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).toContain(`lang="${lang}"`);
    }
    expect(server.errors()).toEqual([]);
  }, 120_000);
});
