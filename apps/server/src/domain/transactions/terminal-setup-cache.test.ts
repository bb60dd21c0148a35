import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { apiKeyFor, createTerminalVia, idemKey } from '../../test/terminal-fixtures';
import { projectCacheOf } from '../projects/project-access-cache';

// A transaction create keeps its terminal's setup (label, status, currency, provider) per
// process. Every change to one of those must show on the very next create.
describe('the terminal setup a create keeps per process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '0' } });
  });
  afterAll(() => t.close());

  async function setUp() {
    const team = await makeTeam(t);
    const terminal = await createTerminalVia(t, team, { label: 'Till 1' });
    const key = await apiKeyFor(t, team, 'write');
    const create = (body: Record<string, unknown> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/terminal/v1/transactions',
        headers: { ...key, 'idempotency-key': idemKey() },
        payload: { amount: 1250, terminal_id: terminal.id, ...body },
      });
    /** What the `transaction.created` event says of the terminal and the provider. */
    const createdEvent = async (transactionId: string) => {
      const [event] = await t.ctx.database.db
        .select({ data: events.data })
        .from(events)
        .where(and(eq(events.objectId, transactionId), eq(events.type, 'transaction.created')));
      return event!.data as { terminal_label: string; provider: string; currency: string };
    };
    const patch = (url: string, payload: Record<string, unknown>, headers = team.owner.auth) =>
      t.app.inject({ method: 'PATCH', url, headers, payload });
    const terminalUrl = `/terminal/v1/projects/${team.project.id}/terminals/${terminal.id}`;
    return { team, terminal, create, createdEvent, patch, terminalUrl };
  }

  it('is used: a second create does not read the terminal again', async () => {
    const { team, terminal, create } = await setUp();
    expect((await create()).statusCode).toBe(201);
    const cache = projectCacheOf(t.ctx.database.db, 'terminal_setup')!;
    expect(cache.get(`${team.project.id}:${terminal.id}`)).toMatchObject({ label: 'Till 1' });
  });

  it('shows a rename, a new project currency and a new provider on the next create', async () => {
    const { team, create, createdEvent, patch, terminalUrl } = await setUp();
    const first = await create();
    expect(first.statusCode).toBe(201);
    expect(await createdEvent(first.json().id)).toMatchObject({
      terminal_label: 'Till 1',
      currency: 'USD',
      provider: 'simulator',
    });

    expect((await patch(terminalUrl, { label: 'Till 2' })).statusCode).toBe(200);
    const renamed = await create();
    expect((await createdEvent(renamed.json().id)).terminal_label).toBe('Till 2');

    const project = await patch(`/api/v1/projects/${team.project.id}`, { currency: 'EUR' });
    expect(project.statusCode).toBe(200);
    const euros = await create();
    expect(euros.json().currency).toBe('EUR');

    const business = await patch(`/api/v1/businesses/${team.business.id}`, {
      payment_provider: 'stripe',
      stripe_secret_key: 'sk_test_standin4242',
    });
    expect(business.statusCode).toBe(200);
    const viaStripe = await create();
    expect(viaStripe.statusCode).toBe(201);
    expect((await createdEvent(viaStripe.json().id)).provider).toBe('stripe');
  });

  it('refuses a disabled terminal at once and takes it back once enabled', async () => {
    const { team, create, terminalUrl } = await setUp();
    expect((await create()).statusCode).toBe(201);
    const disable = await t.app.inject({
      method: 'POST',
      url: `${terminalUrl}/disable`,
      headers: team.owner.auth,
    });
    expect(disable.statusCode).toBe(200);
    const refused = await create();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('terminal_disabled');

    const enable = await t.app.inject({
      method: 'POST',
      url: `${terminalUrl}/enable`,
      headers: team.owner.auth,
    });
    expect(enable.statusCode).toBe(200);
    expect((await create()).statusCode).toBe(201);
  });

  it('forgets the project’s terminals when the project is deleted', async () => {
    const { team, create } = await setUp();
    expect((await create()).statusCode).toBe(201);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${team.project.id}`,
      headers: team.owner.auth,
    });
    expect(del.statusCode).toBe(204);
    expect([401, 404]).toContain((await create()).statusCode);
  });
});
