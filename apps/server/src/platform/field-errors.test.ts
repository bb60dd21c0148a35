import { fieldProblems } from '@scanline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeTeam } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';

type Team = Awaited<ReturnType<typeof makeTeam>>;
// zod's own wording, which must never reach a person.
const RAW_ZOD = /Too (small|big)|Invalid input|expected \w+ to|received undefined|Unrecognized key/;

describe('field errors on every 400', () => {
  let t: TestApp;
  let team: Team;
  beforeAll(async () => {
    t = await createTestApp();
    team = await makeTeam(t);
  });
  afterAll(() => t.close());

  it('turns zod issues into field, code and a sentence for people', () => {
    const schema = z.strictObject({
      name: z.string().min(1).max(5),
      amount: z.number().int().min(50),
      email: z.email(),
      mode: z.enum(['read', 'write']),
      tags: z.array(z.string()).max(1),
      note: z.string().min(3, 'Say a bit more.'),
    });
    const parsed = schema.safeParse({
      name: 'toolong',
      amount: '5',
      email: 'nope',
      mode: 'x',
      tags: ['a', 'b'],
      note: 'a',
      extra: 1,
    });
    const problems = fieldProblems(parsed.error?.issues ?? []);
    expect(problems).toEqual(
      expect.arrayContaining([
        { field: 'name', code: 'too_big', message: 'At most 5 characters.' },
        { field: 'amount', code: 'invalid_type', message: 'Must be a number.' },
        { field: 'email', code: 'invalid_format', message: 'Enter a valid email address.' },
        { field: 'mode', code: 'invalid_enum_value', message: 'Choose one of: read, write.' },
        { field: 'tags', code: 'too_big', message: 'At most 1 item.' },
        { field: 'note', code: 'too_small', message: 'Say a bit more.' },
        { field: 'extra', code: 'unrecognized_key', message: 'This field is not known here; remove it.' },
      ]),
    );
    const missing = fieldProblems(z.object({ name: z.string() }).safeParse({}).error?.issues ?? []);
    expect(missing).toEqual([{ field: 'name', code: 'required', message: 'Required.' }]);
  });

  const base = () => `/api/v1/projects/${team.project.id}`;
  const cases: {
    name: string;
    method: 'POST' | 'PATCH';
    url: () => string;
    body: unknown;
    field: string;
    code: string;
  }[] = [
    {
      name: 'business',
      method: 'POST',
      url: () => '/api/v1/businesses',
      body: { name: '', country: 'US', default_currency: 'USD' },
      field: 'name',
      code: 'required',
    },
    {
      name: 'project',
      method: 'POST',
      url: () => '/api/v1/projects',
      body: { name: 'x', business_id: 'biz_x', time_zone: 'Mars/Olympus', currency: 'USD' },
      field: 'time_zone',
      code: 'invalid',
    },
    {
      name: 'project settings',
      method: 'PATCH',
      url: () => base(),
      body: { currency: 'dollars' },
      field: 'currency',
      code: 'invalid',
    },
    {
      name: 'API key',
      method: 'POST',
      url: () => `${base()}/api-keys`,
      body: { name: 'k', mode: 'admin' },
      field: 'mode',
      code: 'invalid_enum_value',
    },
    {
      name: 'invitation',
      method: 'POST',
      url: () => `${base()}/invitations`,
      body: { emails: [], role: 'member' },
      field: 'emails',
      code: 'too_small',
    },
    {
      name: 'webhook',
      method: 'POST',
      url: () => `${base()}/webhooks`,
      body: { url: 'not a url' },
      field: 'url',
      code: 'invalid',
    },
    {
      name: 'refund',
      method: 'POST',
      url: () => `${base()}/transactions/txn_x/refunds`,
      body: { amount: -5 },
      field: 'amount',
      code: 'too_small',
    },
    {
      name: 'unknown field',
      method: 'POST',
      url: () => `${base()}/api-keys`,
      body: { name: 'k', mode: 'read', colour: 'red' },
      field: 'colour',
      code: 'unrecognized_key',
    },
  ];
  for (const c of cases) {
    it(`${c.name}: 400 names the field with a code and a readable message`, async () => {
      const res = await t.app.inject({
        method: c.method,
        url: c.url(),
        headers: team.owner.auth,
        payload: c.body as object,
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      const problem = res.json() as {
        detail: string;
        errors: { field: string; code: string; message: string; path: string }[];
      };
      const entry = problem.errors.find((e) => e.field === c.field);
      expect(entry, JSON.stringify(problem.errors)).toBeDefined();
      if (c.code !== 'invalid') expect(entry?.code).toBe(c.code);
      expect(entry?.code).toMatch(/^[a-z_]+$/);
      expect(entry?.message).not.toMatch(RAW_ZOD);
      expect(entry?.path).toMatch(new RegExp(`^body\\.${c.field.replace('.', '\\.')}$`));
      expect(problem.detail).toContain(entry?.message ?? '');
    });
  }

  it('query parameters are named too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${base()}/transactions?limit=0`,
      headers: team.owner.auth,
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { field: string; path: string; message: string }[];
    expect(errors[0]).toMatchObject({ field: 'limit', path: 'query.limit' });
    expect(errors[0]?.message).not.toMatch(RAW_ZOD);
  });
});
