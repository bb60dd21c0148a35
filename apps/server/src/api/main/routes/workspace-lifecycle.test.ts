import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, businesses, invitations, projects } from '../../../db/schema';
import { purgeDeletedProjects } from '../../../domain/projects/purge-deleted-projects';
import { listOutbox } from '../../../platform/mail/send-mail';
import { makeBusiness, makeTeam } from '../../../test/factories';
import { createTestApp, freePort, type TestApp } from '../../../test/harness';
import { freshSession, signedInUser } from '../../../test/tokens';

const DAY = 24 * 60 * 60 * 1000;

describe('workspace lifecycles', () => {
  let t: TestApp;
  let stripe: http.Server;
  beforeAll(async () => {
    // A stand-in for Stripe's /v1/balance (Stripe's servers are unreachable from here).
    const port = await freePort();
    stripe = http.createServer((req, res) => {
      const ok = req.headers.authorization === 'Bearer sk_test_goodgoodgood1234';
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json', 'request-id': 'req_1' });
      res.end(
        JSON.stringify(
          ok
            ? { object: 'balance', available: [], pending: [], livemode: false }
            : { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
        ),
      );
    });
    await new Promise<void>((r) => stripe.listen(port, '127.0.0.1', r));
    t = await createTestApp({ env: { STRIPE_API_BASE: `http://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    stripe.close();
  });

  const call = (method: string, url: string, auth?: { authorization: string }, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers: auth ?? {}, payload: payload as never });

  async function invitationToken(email: string) {
    const mail = (await listOutbox(t.ctx, { limit: 50 })).find(
      (m) => m.to === email && m.kind === 'invitation',
    );
    return new URL(mail!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('invitation')!;
  }

  it('never returns business secrets, only the last four characters', async () => {
    const owner = await signedInUser(t.ctx);
    const secret = 'sk_test_goodgoodgood1234';
    const created = await call('POST', '/api/v1/businesses', owner.auth, {
      name: 'Stripe shop',
      country: 'FR',
      default_currency: 'EUR',
      payment_provider: 'stripe',
      stripe_secret_key: secret,
      stripe_webhook_secret: 'whsec_abcdefgh12345678',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    for (const res of [
      created,
      await call('GET', `/api/v1/businesses/${id}`, owner.auth),
      await call('GET', '/api/v1/businesses', owner.auth),
    ]) {
      expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain('whsec_abcdefgh12345678');
    }
    expect(created.json()).toMatchObject({
      stripe_secret_key_last4: '1234',
      stripe_webhook_secret_set: true,
    });
    const [row] = await t.ctx.database.db.select().from(businesses).where(eq(businesses.id, id));
    expect(row!.stripeSecretKeyEnc).not.toContain(secret);
    expect(
      (await call('POST', `/api/v1/businesses/${id}/payment-provider/test`, owner.auth)).json(),
    ).toMatchObject({ ok: true });
    await call('PATCH', `/api/v1/businesses/${id}`, owner.auth, {
      stripe_secret_key: 'sk_test_badbadbadbad9999',
    });
    expect(
      (await call('POST', `/api/v1/businesses/${id}/payment-provider/test`, owner.auth)).json(),
    ).toMatchObject({ ok: false });
    // Someone else's business does not exist for you.
    const stranger = await signedInUser(t.ctx);
    expect((await call('GET', `/api/v1/businesses/${id}`, stranger.auth)).statusCode).toBe(404);
  });

  it('refuses unknown fields and bad codes with field errors', async () => {
    const owner = await signedInUser(t.ctx);
    const res = await call('POST', '/api/v1/businesses', owner.auth, {
      name: 'X',
      country: 'usa',
      default_currency: 'USD',
      extra: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .join(' '),
    ).toMatch(/country|extra/);
  });

  it('refuses to delete a business a project uses', async () => {
    const team = await makeTeam(t);
    const res = await call('DELETE', `/api/v1/businesses/${team.business.id}`, team.owner.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('business_in_use');
  });

  it('invites by email; the invitee accepts with the verified address and gets member rights', async () => {
    const team = await makeTeam(t);
    const guest = await signedInUser(t.ctx);
    const other = await signedInUser(t.ctx);
    const invite = await call('POST', `/api/v1/projects/${team.project.id}/invitations`, team.admin.auth, {
      emails: [guest.user.email, 'second@example.test'],
      role: 'member',
    });
    expect(invite.statusCode).toBe(201);
    expect(invite.json().data).toHaveLength(2);
    const token = await invitationToken(guest.user.email!);
    expect((await call('GET', `/api/v1/invitations/${token}`, guest.auth)).json()).toMatchObject({
      project_name: 'Downtown store',
      role: 'member',
    });
    expect((await call('GET', '/api/v1/me', guest.auth)).json().invitations).toHaveLength(1);
    expect((await call('POST', `/api/v1/invitations/${token}/accept`, other.auth)).json().code).toBe(
      'invitation_email_mismatch',
    );
    expect((await call('POST', `/api/v1/invitations/${token}/accept`, guest.auth)).statusCode).toBe(200);
    const me = (await call('GET', '/api/v1/me', guest.auth)).json();
    expect(me.projects).toEqual([expect.objectContaining({ id: team.project.id, role: 'member' })]);
    expect((await call('GET', `/api/v1/projects/${team.project.id}`, guest.auth)).statusCode).toBe(200);
    expect(
      (await call('PATCH', `/api/v1/projects/${team.project.id}`, guest.auth, { name: 'Nope' })).statusCode,
    ).toBe(403);
    // Reused link, and inviting someone who is already a member.
    expect((await call('POST', `/api/v1/invitations/${token}/accept`, guest.auth)).statusCode).toBe(404);
    const again = await call('POST', `/api/v1/projects/${team.project.id}/invitations`, team.owner.auth, {
      emails: [guest.user.email],
      role: 'admin',
    });
    expect(again.json().code).toBe('already_member');

    // One bad address does not sink the batch; each refused one says why.
    const mixed = await call('POST', `/api/v1/projects/${team.project.id}/invitations`, team.owner.auth, {
      emails: ['fresh.face@example.test', 'not-an-email', guest.user.email],
      role: 'member',
    });
    expect(mixed.statusCode).toBe(201);
    expect(mixed.json().data.map((i: { email: string }) => i.email)).toEqual(['fresh.face@example.test']);
    expect(mixed.json().refused).toEqual([
      { email: 'not-an-email', code: 'invalid_email', message: 'Not an email address.' },
      { email: guest.user.email, code: 'already_member', message: 'Already a member of this project.' },
    ]);
    const none = await call('POST', `/api/v1/projects/${team.project.id}/invitations`, team.owner.auth, {
      emails: ['nope', 'also nope'],
      role: 'member',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('expires invitations after 7 days, refreshes them on re-invite, and needs a verified email', async () => {
    const team = await makeTeam(t);
    const unverified = await signedInUser(t.ctx, { emailVerified: false });
    await call('POST', `/api/v1/projects/${team.project.id}/invitations`, team.owner.auth, {
      emails: [unverified.user.email],
      role: 'admin',
    });
    const first = await invitationToken(unverified.user.email!);
    // By its id (from the dashboard), nothing proves the mailbox: the address must be verified.
    const [pending] = await t.ctx.database.db
      .select({ id: invitations.id })
      .from(invitations)
      .where(eq(invitations.email, unverified.user.email!));
    expect(
      (await call('POST', `/api/v1/invitations/${pending!.id}/accept`, unverified.auth)).json().code,
    ).toBe('email_not_verified');
    t.advance(8 * DAY);
    try {
      const guest = await freshSession(t.ctx, unverified.user);
      const owner = await freshSession(t.ctx, team.owner.user);
      expect((await call('POST', `/api/v1/invitations/${first}/accept`, guest)).json().code).toBe(
        'invitation_expired',
      );
      const list = await call('GET', `/api/v1/projects/${team.project.id}/invitations`, owner);
      expect(list.json().data).toHaveLength(0);
      await call('POST', `/api/v1/projects/${team.project.id}/invitations`, owner, {
        emails: [unverified.user.email],
        role: 'admin',
      });
      const refreshed = await call('GET', `/api/v1/projects/${team.project.id}/invitations`, owner);
      expect(refreshed.json().data).toHaveLength(1);
      expect((await call('GET', `/api/v1/invitations/${first}`, guest)).statusCode).toBe(404);
    } finally {
      t.advance(-8 * DAY);
    }
  });

  it('names the project and the inviter to a signed-out link holder; joining through the link verifies the address', async () => {
    const team = await makeTeam(t);
    const invitee = await signedInUser(t.ctx, { emailVerified: false });
    await call('POST', `/api/v1/projects/${team.project.id}/invitations`, team.admin.auth, {
      emails: [invitee.user.email],
      role: 'member',
    });
    const token = await invitationToken(invitee.user.email!);
    const preview = await call('GET', `/api/v1/invitations/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      project_name: 'Downtown store',
      email: invitee.user.email,
      inviter: expect.stringMatching(/\S/),
    });
    // Signed out, an id proves nothing and shows nothing.
    const [pending] = await t.ctx.database.db
      .select({ id: invitations.id })
      .from(invitations)
      .where(eq(invitations.email, invitee.user.email!));
    expect((await call('GET', `/api/v1/invitations/${pending!.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/invitations/not-a-real-token')).statusCode).toBe(404);

    expect((await call('POST', `/api/v1/invitations/${token}/accept`, invitee.auth)).statusCode).toBe(200);
    const me = (await call('GET', '/api/v1/me', await freshSession(t.ctx, invitee.user))).json();
    expect(me.user.email_verified).toBe(true);
    expect(me.projects).toEqual([expect.objectContaining({ id: team.project.id, role: 'member' })]);
  });

  it('lets a member leave, but not the owner', async () => {
    const team = await makeTeam(t);
    expect(
      (
        await call(
          'DELETE',
          `/api/v1/projects/${team.project.id}/members/${team.member.user.uid}`,
          team.member.auth,
        )
      ).statusCode,
    ).toBe(204);
    expect((await call('GET', `/api/v1/projects/${team.project.id}`, team.member.auth)).statusCode).toBe(404);
    const owner = await call(
      'DELETE',
      `/api/v1/projects/${team.project.id}/members/${team.owner.user.uid}`,
      team.admin.auth,
    );
    expect(owner.json().code).toBe('last_owner');
  });

  it('runs the API key lifecycle: shown once, hash at rest, read vs write, roll grace, revoke, own project only', async () => {
    const team = await makeTeam(t);
    const other = await makeTeam(t);
    const base = `/api/v1/projects/${team.project.id}`;
    const readKey = (
      await call('POST', `${base}/api-keys`, team.admin.auth, { name: 'Reporting', mode: 'read' })
    ).json();
    const writeKey = (
      await call('POST', `${base}/api-keys`, team.admin.auth, { name: 'Back office', mode: 'write' })
    ).json();
    expect(readKey.secret).toMatch(/^sl_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}$/);
    const rows = await t.ctx.database.db.select().from(apiKeys).where(eq(apiKeys.projectId, team.project.id));
    expect(JSON.stringify(rows)).not.toContain(readKey.secret);
    const list = await call('GET', `${base}/api-keys`, team.member.auth);
    expect(list.body).not.toContain(readKey.secret);
    expect(list.json().data.map((k: { prefix: string }) => k.prefix)).toContain(readKey.prefix);
    const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
    expect((await call('GET', base, bearer(readKey.secret))).statusCode).toBe(200);
    expect((await call('PATCH', base, bearer(readKey.secret), { name: 'x' })).json().code).toBe(
      'api_key_read_only',
    );
    expect((await call('PATCH', base, bearer(writeKey.secret), { name: 'Renamed by key' })).statusCode).toBe(
      200,
    );
    expect(
      (await call('GET', `/api/v1/projects/${other.project.id}`, bearer(writeKey.secret))).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `${base}/api-keys`, bearer(writeKey.secret), { name: 'x', mode: 'read' }))
        .statusCode,
    ).toBe(403);
    // Roll with a one-hour grace: both secrets work until it ends.
    const rolled = (
      await call('POST', `${base}/api-keys/${readKey.id}/roll`, team.admin.auth, {
        grace_period_seconds: 3600,
      })
    ).json();
    expect(rolled.secret).not.toBe(readKey.secret);
    expect((await call('GET', base, bearer(readKey.secret))).statusCode).toBe(200);
    expect((await call('GET', base, bearer(rolled.secret))).statusCode).toBe(200);
    t.advance(3601_000);
    try {
      expect((await call('GET', base, bearer(readKey.secret))).statusCode).toBe(401);
      expect((await call('GET', base, bearer(rolled.secret))).statusCode).toBe(200);
    } finally {
      t.advance(-3601_000);
    }
    expect((await call('DELETE', `${base}/api-keys/${writeKey.id}`, team.admin.auth)).statusCode).toBe(204);
    expect((await call('GET', base, bearer(writeKey.secret))).statusCode).toBe(401);
    const [used] = await t.ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, rolled.id));
    expect(used!.lastUsedAt).not.toBeNull();
  });

  it('soft-deletes a project, restores it within 30 days and purges it after', async () => {
    const team = await makeTeam(t);
    const url = `/api/v1/projects/${team.project.id}`;
    expect((await call('DELETE', url, team.owner.auth)).statusCode).toBe(204);
    expect((await call('GET', url, team.admin.auth)).statusCode).toBe(404);
    expect((await call('GET', url, team.owner.auth)).statusCode).toBe(404);
    const listed = await call('GET', '/api/v1/projects?include_deleted=true', team.owner.auth);
    expect(listed.json().data.map((p: { id: string }) => p.id)).toContain(team.project.id);
    // The table filters combine with include_deleted; a deleted project stays hidden from its admins.
    const ids = async (query: string, who = team.owner) =>
      (await call('GET', `/api/v1/projects?include_deleted=true&${query}`, who.auth))
        .json()
        .data.map((p: { id: string }) => p.id);
    expect(await ids('role[equals]=owner&name[equals]=Downtown store')).toContain(team.project.id);
    expect(await ids('role[equals]=admin')).not.toContain(team.project.id);
    expect(await ids('role[equals]=admin', team.admin)).not.toContain(team.project.id);
    expect((await call('POST', `${url}/restore`, team.admin.auth)).statusCode).toBe(404);
    expect((await call('POST', `${url}/restore`, team.owner.auth)).statusCode).toBe(200);
    expect((await call('GET', url, team.admin.auth)).statusCode).toBe(200);
    await call('DELETE', url, team.owner.auth);
    t.advance(31 * DAY);
    try {
      expect(
        (await call('POST', `${url}/restore`, await freshSession(t.ctx, team.owner.user))).statusCode,
      ).toBe(404);
      expect(await purgeDeletedProjects(t.ctx.database.db, t.ctx.now())).toBeGreaterThanOrEqual(1);
      expect(
        await t.ctx.database.db.select().from(projects).where(eq(projects.id, team.project.id)),
      ).toHaveLength(0);
    } finally {
      t.advance(-31 * DAY);
    }
  });

  it('transfers ownership to an admin and records it in the audit log', async () => {
    const team = await makeTeam(t);
    const url = `/api/v1/projects/${team.project.id}`;
    expect(
      (await call('POST', `${url}/transfer`, team.owner.auth, { to_user_id: team.admin.user.uid }))
        .statusCode,
    ).toBe(204);
    expect((await call('GET', url, team.admin.auth)).json().role).toBe('owner');
    expect((await call('GET', url, team.owner.auth)).json().role).toBe('admin');
    const audit = (await call('GET', `${url}/audit?limit=1`, team.admin.auth)).json();
    expect(audit.data[0]).toMatchObject({
      action: 'project.transferred',
      actor_id: team.owner.user.uid,
      target: team.admin.user.uid,
    });
    expect(audit.next_cursor).toBeTruthy();
    const next = (
      await call('GET', `${url}/audit?limit=50&starting_after=${audit.next_cursor}`, team.admin.auth)
    ).json();
    expect(next.data.map((a: { action: string }) => a.action)).toContain('project.created');
  });

  it('filters members by role', async () => {
    const team = await makeTeam(t);
    const admins = (
      await call('GET', `/api/v1/projects/${team.project.id}/members?role=admin`, team.member.auth)
    ).json();
    expect(admins.data).toEqual([
      expect.objectContaining({ user_id: team.admin.user.uid, display_name: 'Adam Admin', role: 'admin' }),
    ]);
    const first = (
      await call('GET', `/api/v1/projects/${team.project.id}/members?limit=2`, team.member.auth)
    ).json();
    expect(first.data).toHaveLength(2);
    expect(first.next_cursor).toBe(first.data[1].user_id);
    const rest = (
      await call(
        'GET',
        `/api/v1/projects/${team.project.id}/members?limit=2&starting_after=${first.next_cursor}`,
        team.member.auth,
      )
    ).json();
    expect(rest.data).toHaveLength(1);
    expect(rest.next_cursor).toBeNull();
    const all = [...first.data, ...rest.data].map((m: { user_id: string }) => m.user_id).sort();
    expect(all).toEqual([team.owner.user.uid, team.admin.user.uid, team.member.user.uid].sort());
    const business = await makeBusiness(t, team.owner);
    expect(business.id).toMatch(/^biz_/);
  });
});
