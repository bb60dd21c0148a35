import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../identity/users/find-user';
import { sendMail } from '../platform/mail/send-mail';
import { createTestApp, type TestApp } from '../test/harness';
import { signedInUser } from '../test/tokens';
import { adminTokenPath } from './admin-routes';
import { CommandError, operatorCommands, resolveCommand } from './operator-commands';

describe('operator commands', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
  });
  afterAll(() => t.close());

  const run = (name: string, ...args: string[]) => operatorCommands[name]!(t.ctx, args);

  it('lists and shows users', async () => {
    const { user } = await signedInUser(t.ctx, { displayName: 'Op Erator' });
    expect((await run('users list')).lines.join('\n')).toContain(user.email!);
    expect((await run('users show', user.email!)).lines.join('\n')).toContain('Op Erator');
    await expect(run('users show', 'nobody@example.test')).rejects.toMatchObject({ exitCode: 3 });
  });

  it('disables, enables and signs users out', async () => {
    const { user, auth } = await signedInUser(t.ctx);
    await run('users disable', user.email!);
    expect((await findUserByEmail(t.ctx.database.db, user.email!))?.disabled).toBe(true);
    expect((await t.app.inject({ url: '/api/v1/me', headers: auth })).statusCode).toBe(401);
    await run('users enable', user.email!);
    expect((await findUserByEmail(t.ctx.database.db, user.email!))?.disabled).toBe(false);
    const again = await signedInUser(t.ctx);
    t.advance(2000);
    await run('users revoke', again.user.email!);
    expect((await t.app.inject({ url: '/api/v1/me', headers: again.auth })).statusCode).toBe(401);
  });

  it('rotates signing keys without breaking sessions', async () => {
    const { auth } = await signedInUser(t.ctx);
    const before = (await t.app.inject('/.well-known/jwks.json')).json().keys.length;
    await run('keys rotate');
    const jwks = (await t.app.inject('/.well-known/jwks.json')).json();
    expect(jwks.keys.length).toBe(before + 1);
    expect((await t.app.inject({ url: '/api/v1/me', headers: auth })).statusCode).toBe(200);
    const fresh = await signedInUser(t.ctx);
    expect((await t.app.inject({ url: '/api/v1/me', headers: fresh.auth })).statusCode).toBe(200);
  });

  it('reads the mail outbox', async () => {
    expect((await run('mail list')).lines.join('\n')).toMatch(/outbox is empty|──/);
    await expect(run('mail list', 'lots')).rejects.toBeInstanceOf(CommandError);
  });

  it("dates the outbox's mails as the console does, naming the zone", async () => {
    await sendMail(t.ctx, {
      to: 'dated@example.test',
      subject: 'Dated',
      text: 'Hello',
      html: '<p>Hello</p>',
      kind: 'test',
    });
    const header = (await run('mail list', '50')).lines.find((l) => l.includes('dated@example.test'))!;
    const zone = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')!.value;
    // "── 11/26/26 3:26:57 AM UTC  to …": the shared formatter, with the zone named.
    expect(header).toMatch(/^── \d{2}\D\d{2}\D\d{2} \d{1,2}:\d{2}:\d{2}( [AP]M)? \S+ {2}to /);
    expect(header).toContain(` ${zone}  to `);
  });

  it('explains usage for an unknown command', () => {
    expect(() => resolveCommand(['users', 'explode'])).toThrow(/Usage/);
  });

  it('runs commands inside the running server for a loopback caller with the token', async () => {
    const { url, token } = JSON.parse(fs.readFileSync(adminTokenPath(t.ctx.config.dataDir), 'utf8'));
    const call = (headers: Record<string, string>) =>
      fetch(`${url}/_admin/commands`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ command: 'users list', args: [] }),
      });
    const ok = await call({ 'x-admin-token': token });
    expect(ok.status).toBe(200);
    expect((await ok.json()).lines.at(-1)).toMatch(/user\(s\)/);
    expect((await call({ 'x-admin-token': 'guess' })).status).toBe(403);
    expect((await call({})).status).toBe(403);
  });
});
