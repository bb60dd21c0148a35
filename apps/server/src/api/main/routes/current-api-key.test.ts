import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { apiKeyFor, type Team } from '../../../test/terminal-fixtures';

let t: TestApp;
let team: Team;
beforeAll(async () => {
  t = await createTestApp();
  team = await makeTeam(t);
});
afterAll(() => t.close());

describe('GET /api/v1/api-key', () => {
  it('tells a key its project and the project its payment provider', async () => {
    const key = await apiKeyFor(t, team, 'read');
    const res = await t.app.inject({ url: '/api/v1/api-key', headers: key });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: expect.stringMatching(/^key_/),
      mode: 'read',
      prefix: expect.stringMatching(/^sl_/),
      project: {
        id: team.project.id,
        name: 'Downtown store',
        currency: 'USD',
        payment_provider: 'simulator',
      },
    });
  });

  it('refuses a signed-in user', async () => {
    const res = await t.app.inject({ url: '/api/v1/api-key', headers: team.owner.auth });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });
});
