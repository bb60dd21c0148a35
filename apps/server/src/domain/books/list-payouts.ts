import type { NextPayout } from '@scanline/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { balanceEntries, payouts } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { rowsOf } from '../../platform/sql-rows';
import type { Actor } from '../actor';
import { andAll, buildList, toPage } from '../listing/list-query';
import type { ListRequest } from '../listing/page-in-sql';
import { presentPayout, presentPayoutItem } from '../presenters/books';
import { projectAccess } from '../projects/project-access';
import { payoutItemListSpec, payoutListSpec } from './payout-list-spec';
import { simulatorEntry } from './run-payouts';

/** `GET …/payouts`: keyset pages like every list. */
export async function listPayouts(
  db: Db,
  { actor, projectId, req }: { actor: Actor; projectId: string; req: ListRequest },
) {
  const { project } = await projectAccess(db, { actor, projectId, action: 'payouts.read' });
  const list = buildList(payoutListSpec, {
    filters: req.filters,
    sort: req.sort,
    timeZone: project.timeZone,
  });
  const rows = await db
    .select()
    .from(payouts)
    .where(
      andAll([
        eq(payouts.projectId, projectId),
        ...list.where,
        req.startingAfter ? list.after(payouts, req.startingAfter) : undefined,
      ]),
    )
    .orderBy(...list.orderBy)
    .limit(req.limit + 1);
  const page = toPage(rows, req.limit, (r) => r.id);
  return { data: page.data.map(presentPayout), next_cursor: page.next_cursor };
}

/** One payout of the project, tenancy in the query. */
export async function findPayout(db: Db, projectId: string, payoutId: string) {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.projectId, projectId), eq(payouts.id, payoutId)))
    .limit(1);
  if (!row) throw notFound('Payout');
  return row;
}

export async function getPayout(
  db: Db,
  { actor, projectId, payoutId }: { actor: Actor; projectId: string; payoutId: string },
) {
  await projectAccess(db, { actor, projectId, action: 'payouts.read' });
  return presentPayout(await findPayout(db, projectId, payoutId));
}

/** `GET …/payouts/{payout_id}/items`: its balance entries, oldest first, keyset pages. */
export async function listPayoutItems(
  db: Db,
  {
    actor,
    projectId,
    payoutId,
    req,
  }: { actor: Actor; projectId: string; payoutId: string; req: ListRequest },
) {
  const { project } = await projectAccess(db, { actor, projectId, action: 'payouts.read' });
  await findPayout(db, projectId, payoutId);
  const list = buildList(payoutItemListSpec, {
    filters: req.filters,
    sort: req.sort,
    timeZone: project.timeZone,
  });
  const rows = await db
    .select()
    .from(balanceEntries)
    .where(
      andAll([
        eq(balanceEntries.projectId, projectId),
        eq(balanceEntries.payoutId, payoutId),
        ...list.where,
        req.startingAfter ? list.after(balanceEntries, req.startingAfter) : undefined,
      ]),
    )
    .orderBy(...list.orderBy)
    .limit(req.limit + 1);
  const page = toPage(rows, req.limit, (r) => r.id);
  return { data: page.data.map(presentPayoutItem), next_cursor: page.next_cursor };
}

/**
 * The dashboard's next payout: per currency, the net of entries not yet paid out
 * that will be available by the next run and that the payout job pays (the simulator's; Stripe
 * pays its own), and that run's local day (today if `payout_time` has
 * not passed yet, else tomorrow). A currency whose balance is not positive is left out.
 */
export async function getNextPayout(
  db: Db,
  { actor, projectId, now }: { actor: Actor; projectId: string; now: Date },
): Promise<NextPayout> {
  await projectAccess(db, { actor, projectId, action: 'payouts.read' });
  const rows = await rowsOf<{ currency: string; amount: string; date: string }>(
    db,
    sql`with p as (
          select (${now}::timestamptz at time zone time_zone)::date
                 + case when ((${now}::timestamptz at time zone time_zone)::date + payout_time::time) at time zone time_zone > ${now}::timestamptz
                        then 0 else 1 end as run_on
          from projects where id = ${projectId}
        )
        select e.currency, sum(e.net) as amount, to_char(p.run_on, 'YYYY-MM-DD') as date
        from balance_entries e, p
        where e.project_id = ${projectId} and e.payout_id is null and e.available_on <= p.run_on
          and ${simulatorEntry}
        group by e.currency, p.run_on
        having sum(e.net) > 0
        order by e.currency`,
  );
  return { data: rows.map((r) => ({ currency: r.currency, amount: Number(r.amount), date: r.date })) };
}
