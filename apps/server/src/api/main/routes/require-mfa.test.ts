import {
  createUserWithEmailAndPassword,
  getMultiFactorResolver,
  type MultiFactorError,
  multiFactor,
  signInWithEmailAndPassword,
  TotpMultiFactorGenerator,
} from 'firebase/auth';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../../db/schema';
import { markEmailVerified } from '../../../identity/users/update-user';
import { makeTeam } from '../../../test/factories';
import { firebaseClientPool, uniqueEmail } from '../../../test/firebase-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { runMfaRequiredTests } from '../../../test/security-suite';
import { twoStepSession } from '../../../test/tokens';

type Team = Awaited<ReturnType<typeof makeTeam>>;
const PASSWORD = 'correct horse battery';

describe('a project that requires two-step verification', () => {
  let t: TestApp;
  let team: Team;
  let ownerTwoStep: { authorization: string };
  let memberTwoStep: { authorization: string };
  let apiKey: { authorization: string };
  const pool = firebaseClientPool(() => t);

  const call = (method: string, url: string, headers: { authorization: string }, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers, payload: payload as never });

  beforeAll(async () => {
    t = await createTestApp({ listen: true, env: { RATE_LIMIT_MULTIPLIER: '100' } });
    team = await makeTeam(t);
    ownerTwoStep = await twoStepSession(t.ctx, team.owner.user);
    memberTwoStep = await twoStepSession(t.ctx, team.member.user);
    const key = await call('POST', `/api/v1/projects/${team.project.id}/api-keys`, team.owner.auth, {
      name: 'Register',
      mode: 'write',
    });
    apiKey = { authorization: `Bearer ${key.json().secret}` };
  });
  afterAll(async () => {
    await pool.closeAll();
    await t.close();
  });

  it('only a person whose own session passed a second factor can turn it on', async () => {
    const url = `/api/v1/projects/${team.project.id}`;
    const plain = await call('PATCH', url, team.owner.auth, { require_mfa: true });
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toMatchObject({ code: 'mfa_required' });
    const byKey = await call('PATCH', url, apiKey, { require_mfa: true });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json()).toMatchObject({ code: 'forbidden' });
    const member = await call('PATCH', url, memberTwoStep, { require_mfa: true });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({ code: 'forbidden' });
    expect((await call('GET', url, team.owner.auth)).json().require_mfa).toBe(false);

    const on = await call('PATCH', url, ownerTwoStep, { require_mfa: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ require_mfa: true });
  });

  it('then refuses people without a second factor, and nobody else', async () => {
    const url = `/api/v1/projects/${team.project.id}`;
    for (const who of [team.owner, team.admin, team.member]) {
      const res = await call('GET', url, who.auth);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'mfa_required' });
    }
    // An outsider learns nothing: the same 404 as for any project they cannot see.
    expect((await call('GET', url, team.outsider.auth)).statusCode).toBe(404);
    expect((await call('GET', url, memberTwoStep)).statusCode).toBe(200);
    expect((await call('GET', url, apiKey)).statusCode).toBe(200);
    // The project list still names it, so the console can say why it does not open.
    const me = (await call('GET', '/api/v1/me', team.member.auth)).json();
    expect(me.projects.find((p: { id: string }) => p.id === team.project.id)).toMatchObject({
      require_mfa: true,
    });
  });

  describe('on every project route', () => {
    runMfaRequiredTests(
      () => t,
      () => ({
        projectId: team.project.id,
        withoutSecondFactor: team.member.auth,
        withSecondFactor: memberTwoStep,
        apiKey,
      }),
    );
  });

  it('shows who has 2FA on, records the change by name, and turns off', async () => {
    const members = (await call('GET', `/api/v1/projects/${team.project.id}/members`, ownerTwoStep)).json();
    expect(members.data.every((m: { mfa_enabled: unknown }) => m.mfa_enabled === false)).toBe(true);
    const audit = (await call('GET', `/api/v1/projects/${team.project.id}/audit`, ownerTwoStep)).json();
    const change = audit.data.find((a: { action: string }) => a.action === 'project.mfa_requirement_changed');
    expect(change).toMatchObject({
      actor_label: `Olive Owner (${team.owner.user.email})`,
      metadata: { require_mfa: true },
    });
    expect(change.ip).toBeTruthy();
    const off = await call('PATCH', `/api/v1/projects/${team.project.id}`, ownerTwoStep, {
      require_mfa: false,
    });
    expect(off.json()).toMatchObject({ require_mfa: false });
    expect((await call('GET', `/api/v1/projects/${team.project.id}`, team.member.auth)).statusCode).toBe(200);
  });

  it('a member enrolls through the firebase SDK and gets in with that session', async () => {
    const { project } = team;
    await call('PATCH', `/api/v1/projects/${project.id}`, ownerTwoStep, { require_mfa: true });
    const email = uniqueEmail('req');
    const auth = pool.auth();
    const { user } = await createUserWithEmailAndPassword(auth, email, PASSWORD);
    await markEmailVerified(t.ctx.database, user.uid, t.ctx.now());
    const now = t.ctx.now();
    await t.ctx.database.db.insert(memberships).values({
      projectId: project.id,
      uid: user.uid,
      email,
      role: 'member',
      createdAt: now,
      updatedAt: now,
    });
    const bearer = async () => ({ authorization: `Bearer ${await user.getIdToken(true)}` });
    expect((await call('GET', `/api/v1/projects/${project.id}`, await bearer())).statusCode).toBe(403);

    const secret = await TotpMultiFactorGenerator.generateSecret(await multiFactor(user).getSession());
    const code = (steps = 0) =>
      generate({ secret: secret.secretKey, epoch: Math.floor(t.ctx.now().getTime() / 1000) + steps * 30 });
    await multiFactor(user).enroll(
      TotpMultiFactorGenerator.assertionForEnrollment(secret, await code()),
      'Phone',
    );
    // Enrolling proved the factor: this very session now opens the project.
    expect((await call('GET', `/api/v1/projects/${project.id}`, await bearer())).statusCode).toBe(200);
    const members = (await call('GET', `/api/v1/projects/${project.id}/members`, ownerTwoStep)).json();
    expect(members.data.find((m: { user_id: string }) => m.user_id === user.uid).mfa_enabled).toBe(true);

    // A new sign-in that stops at the password never gets in; the second step does.
    const other = pool.auth();
    const error = (await signInWithEmailAndPassword(other, email, PASSWORD).catch(
      (e) => e,
    )) as MultiFactorError;
    expect(error.code).toBe('auth/multi-factor-auth-required');
    t.advance(31_000);
    const resolver = getMultiFactorResolver(other, error);
    const signedIn = await resolver.resolveSignIn(
      TotpMultiFactorGenerator.assertionForSignIn(resolver.hints[0]?.uid ?? '', await code()),
    );
    const token = await signedIn.user.getIdToken();
    expect(
      (await call('GET', `/api/v1/projects/${project.id}`, { authorization: `Bearer ${token}` })).statusCode,
    ).toBe(200);
  });
});
