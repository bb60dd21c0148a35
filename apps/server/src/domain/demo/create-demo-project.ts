import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { createBusiness } from '../businesses/create-business';
import { createProject } from '../projects/create-project';
import { seedDemo } from './seed-demo';

/** The newcomer's "Create a demo project": small enough to seed in a few seconds on PGlite. */
export const DEMO_SIZE = { terminals: 5, days: 30, transactions: 6000 } as const;

/**
 * A business and a project owned by the caller, filled with 30 days of history, so
 * the console shows a living product on a fresh install. The history is demo data: the
 * simulator provider, no events, no webhooks.
 */
export async function createDemoProject(
  db: Db,
  {
    config,
    actor,
    timeZone,
    now,
  }: { config: Config; actor: Extract<Actor, { kind: 'user' }>; timeZone: string; now: Date },
) {
  const business = await createBusiness(db, {
    config,
    ownerUid: actor.uid,
    input: { name: 'Demo Coffee Co.', country: 'US', default_currency: 'USD', payment_provider: 'simulator' },
    now,
  });
  const created = await createProject(db, {
    actor,
    input: { name: 'Demo café', business_id: business.id, time_zone: timeZone, currency: 'USD' },
    now,
  });
  await seedDemo(db, created.project.id, { ...DEMO_SIZE, now, createdBy: actor.uid });
  return created;
}
