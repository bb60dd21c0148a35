import type { Role } from '@scanline/contracts';
import { memberships } from '../db/schema';
import type { TestApp } from './harness';
import { signedInUser } from './tokens';

export type Person = Awaited<ReturnType<typeof signedInUser>>;

/** A business owned by `owner`, through the API as a client would make it. */
export async function makeBusiness(t: TestApp, owner: Person, body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/businesses',
    headers: owner.auth,
    payload: { name: 'Acme Coffee', country: 'US', default_currency: 'USD', ...body },
  });
  if (res.statusCode !== 201) throw new Error(`business: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string };
}

/** A project with one person in each role, and an outsider. */
export async function makeTeam(t: TestApp, opts: { currency?: string } = {}) {
  const owner = await signedInUser(t.ctx, { displayName: 'Olive Owner' });
  const admin = await signedInUser(t.ctx, { displayName: 'Adam Admin' });
  const member = await signedInUser(t.ctx, { displayName: 'Mia Member' });
  const outsider = await signedInUser(t.ctx);
  const business = await makeBusiness(t, owner);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/projects',
    headers: owner.auth,
    payload: {
      name: 'Downtown store',
      business_id: business.id,
      time_zone: 'America/New_York',
      currency: opts.currency ?? 'USD',
    },
  });
  if (res.statusCode !== 201) throw new Error(`project: ${res.statusCode} ${res.body}`);
  const project = res.json() as { id: string };
  const now = t.ctx.now();
  const add = (p: Person, role: Role) =>
    t.ctx.database.db.insert(memberships).values({
      projectId: project.id,
      uid: p.user.uid,
      email: p.user.email,
      role,
      createdAt: now,
      updatedAt: now,
    });
  await add(admin, 'admin');
  await add(member, 'member');
  return { owner, admin, member, outsider, business, project };
}
