import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminals, webhookEndpoints } from '../../../db/schema';
import { newId } from '../../../platform/ids';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { makeTerminal, makeTransaction } from '../../../test/payment-factories';

type Team = Awaited<ReturnType<typeof makeTeam>>;
type Group = {
  kind: string;
  items: { id: string; kind: string; title: string; subtitle: string | null; url: string }[];
};

describe('main API: project search', () => {
  let t: TestApp;
  let team: Team;
  let other: Team;
  const db = () => t.ctx.database.db;

  /** A terminal, a transaction, an API key and a webhook endpoint in `tm`, all tagged `tag`. */
  const furnish = async (tm: Team, tag: string) => {
    const terminal = await makeTerminal(db(), tm.project.id, { label: `${tag} Till` });
    await db()
      .update(terminals)
      .set({ serial: `SN-${tag.toUpperCase()}-77` })
      .where(eq(terminals.id, terminal.id));
    const txn = await makeTransaction(db(), tm.project.id, terminal.id, {
      reference: `Order-${tag}-1001`,
      cardLast4: '4242',
      status: 'succeeded',
      currency: 'EUR',
      amount: 1999,
    });
    const key = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${tm.project.id}/api-keys`,
      headers: tm.owner.auth,
      payload: { name: `${tag} backend`, mode: 'read' },
    });
    expect(key.statusCode).toBe(201);
    const now = new Date();
    const [webhook] = await db()
      .insert(webhookEndpoints)
      .values({
        id: newId('whk'),
        projectId: tm.project.id,
        url: `https://hooks.${tag}.example/scanline`,
        secretEnc: 'sealed',
        createdBy: 'test',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return {
      terminal,
      txn,
      key: key.json() as { id: string; prefix: string; secret: string },
      webhook: webhook!,
    };
  };
  let mine: Awaited<ReturnType<typeof furnish>>;
  let theirs: Awaited<ReturnType<typeof furnish>>;

  beforeAll(async () => {
    t = await createTestApp();
    team = await makeTeam(t);
    other = await makeTeam(t);
    mine = await furnish(team, 'alpha');
    // The other project's rows answer the same queries: they must never show up here.
    theirs = await furnish(other, 'alpha');
  });
  afterAll(() => t.close());

  const search = (q: string, authorization = team.owner.auth.authorization, projectId = team.project.id) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${projectId}/search?${new URLSearchParams({ q })}`,
      headers: { authorization },
    });
  const groupsOf = async (q: string, authorization?: string) => {
    const res = await search(q, authorization);
    expect(res.statusCode).toBe(200);
    return res.json().groups as Group[];
  };
  const idsOf = (groups: Group[], kind: string) =>
    groups.find((g) => g.kind === kind)?.items.map((i) => i.id) ?? [];
  const theirIds = () => [
    theirs.terminal.id,
    theirs.txn.id,
    theirs.key.id,
    theirs.webhook.id,
    other.owner.user.uid,
  ];

  describe('security', () => {
    it('outsiders and other projects’ keys get 404; members and read keys search', async () => {
      expect((await search('alpha', team.outsider.auth.authorization)).statusCode).toBe(404);
      expect((await search('alpha', `Bearer ${theirs.key.secret}`)).statusCode).toBe(404);
      expect((await search('alpha', team.member.auth.authorization)).statusCode).toBe(200);
      const byKey = await search('order-alpha', `Bearer ${mine.key.secret}`);
      expect(byKey.statusCode).toBe(200);
      expect(idsOf(byKey.json().groups, 'transaction')).toEqual([mine.txn.id]);
    });

    it('a bad q is a 400 problem', async () => {
      for (const url of [
        `/api/v1/projects/${team.project.id}/search`,
        `/api/v1/projects/${team.project.id}/search?q=`,
        `/api/v1/projects/${team.project.id}/search?q=%20%20%20`,
        `/api/v1/projects/${team.project.id}/search?q=${'x'.repeat(201)}`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers: team.owner.auth });
        expect(res.statusCode, url).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.json().code).toBe('validation_failed');
      }
      // 200 characters after trimming is fine.
      expect((await search(`  ${'x'.repeat(200)}  `)).statusCode).toBe(200);
    });
  });

  it('finds a transaction by id, by reference prefix (any case) and by card last 4', async () => {
    for (const q of [mine.txn.id, 'order-alpha', 'ORDER-ALPHA-10', '4242']) {
      const groups = await groupsOf(q);
      expect(idsOf(groups, 'transaction'), q).toEqual([mine.txn.id]);
      expect(groups.flatMap((g) => g.items.map((i) => i.id))).not.toEqual(
        expect.arrayContaining([theirs.txn.id]),
      );
    }
    const [item] = (await groupsOf('order-alpha'))[0]!.items;
    expect(item).toEqual({
      id: mine.txn.id,
      kind: 'transaction',
      title: 'Order-alpha-1001',
      subtitle: `€19.99 · succeeded · •••• 4242 · ${mine.txn.id}`,
      url: `/p/${team.project.id}/transactions/${mine.txn.id}`,
    });
    // Another project's id, typed whole, finds nothing here.
    expect(await groupsOf(theirs.txn.id)).toEqual([]);
  });

  it('finds a terminal by label prefix, serial prefix and id', async () => {
    for (const q of ['alpha t', 'sn-alpha', mine.terminal.id]) {
      const groups = await groupsOf(q);
      expect(idsOf(groups, 'terminal'), q).toEqual([mine.terminal.id]);
    }
    // Matching as label and as serial, it is listed once.
    const zeta = await makeTerminal(db(), team.project.id, { label: 'Zeta bar' });
    await db().update(terminals).set({ serial: 'ZETA-0001' }).where(eq(terminals.id, zeta.id));
    expect(idsOf(await groupsOf('zeta'), 'terminal')).toEqual([zeta.id]);
    const [group] = await groupsOf('sn-alpha');
    expect(group!.items[0]).toMatchObject({
      title: 'alpha Till',
      url: `/p/${team.project.id}/terminals/${mine.terminal.id}`,
    });
  });

  it('finds members by email prefix, only this project’s', async () => {
    const email = team.member.user.email!;
    const groups = await groupsOf(email.slice(0, 12).toUpperCase());
    const members = idsOf(groups, 'member');
    expect(members).toContain(team.member.user.uid);
    expect(members).not.toContain(other.member.user.uid);
    const exact = await groupsOf(email);
    expect(exact.find((g) => g.kind === 'member')!.items).toEqual([
      {
        id: team.member.user.uid,
        kind: 'member',
        title: email,
        subtitle: 'member',
        url: `/p/${team.project.id}/members?${new URLSearchParams({ 'email[equals]': email })}`,
      },
    ]);
  });

  it('finds API keys by prefix or name, and webhooks by any part of their URL', async () => {
    expect(idsOf(await groupsOf(mine.key.prefix), 'api_key')).toEqual([mine.key.id]);
    expect(idsOf(await groupsOf('alpha back'), 'api_key')).toEqual([mine.key.id]);
    expect(idsOf(await groupsOf('hooks.alpha'), 'webhook')).toEqual([mine.webhook.id]);
    expect(idsOf(await groupsOf('/SCANLINE'), 'webhook')).toEqual([mine.webhook.id]);
    // `sl_` and `%` are literal: `_` and `%` are no wildcards.
    expect(idsOf(await groupsOf('sl%'), 'api_key')).toEqual([]);
    expect(idsOf(await groupsOf(mine.key.prefix.replace('_', '%')), 'api_key')).toEqual([]);
  });

  it('never returns another project’s rows, and lists at most 5 per kind', async () => {
    for (const q of ['alpha', 'order-', '4242', 'sn-', 'https://', 'member-', 'sl_']) {
      const ids = (await groupsOf(q)).flatMap((g) => g.items.map((i) => i.id));
      for (const id of theirIds()) expect(ids, q).not.toContain(id);
    }
    for (let i = 0; i < 7; i++) {
      await makeTransaction(db(), team.project.id, mine.terminal.id, { reference: `bulk-${i}` });
    }
    const groups = await groupsOf('bulk-');
    expect(groups.map((g) => g.kind)).toEqual(['transaction']);
    expect(groups[0]!.items.map((i) => i.title)).toEqual(['bulk-0', 'bulk-1', 'bulk-2', 'bulk-3', 'bulk-4']);
  });
});
