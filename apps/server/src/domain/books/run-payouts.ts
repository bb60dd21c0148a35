import { sql } from 'drizzle-orm';
import { payouts } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { newId } from '../../platform/ids';
import { rowsOf } from '../../platform/sql-rows';
import { recordEvents } from '../events/record-event';
import { presentPayout } from '../presenters/books';

/**
 * A balance entry `e` the simulator paid: this job pays those out, by each entry's own
 * transaction, not the business's current provider. Stripe's entries are paid by Stripe (the
 * payout sync), also after a switch either way, and the simulator's are never stranded by one.
 */
export const simulatorEntry = sql`exists (select 1 from transactions t
  where t.project_id = e.project_id and t.id = e.transaction_id and t.provider = 'simulator')`;

interface DueProject {
  project_id: string;
  as_of: string;
  cutoff_ms: string | number | null;
}

/**
 * One project's payout run as of a local day: per currency, every balance entry
 * available on or before `asOf` and not yet paid out (and, for the schedule, written before
 * `cutoff`) becomes one payout when their net sum is positive; a negative sum carries over.
 * Each currency's payout is one database transaction under an advisory lock of the project and
 * currency: the entries are claimed FOR UPDATE and stamped with the payout (and their
 * transactions with `payout_id`), the payout row and its `payout.created` / `payout.paid` events
 * written together, so runs racing on several replicas pay every entry once, in one payout. The simulator's payouts are `paid` on arrival day = `asOf`.
 */
export async function payOutProject(
  db: Db,
  input: { projectId: string; asOf: string; cutoff: Date | null; now: Date },
) {
  const currencies = await rowsOf<{ currency: string }>(
    db,
    sql`select distinct currency from balance_entries e
        where e.project_id = ${input.projectId} and e.payout_id is null and e.available_on <= ${input.asOf}::date
          and ${simulatorEntry}
        order by currency`,
  );
  const made: (typeof payouts.$inferSelect)[] = [];
  for (const { currency } of currencies) {
    const payout = await db.transaction(async (tx) => {
      // One run at a time per project and currency, across replicas: a run that started while
      // another was claiming waits for it, then finds its entries paid. SKIP LOCKED alone let
      // the second take the entries the first had not locked yet: one day's payout in two.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`payout:${input.projectId}:${currency}`}, 0))`,
      );
      const claimed = await rowsOf<{ id: string; type: string; amount: string; fee: string; net: string }>(
        tx,
        sql`select e.id, e.type, e.amount, e.fee, e.net from balance_entries e
            where e.project_id = ${input.projectId} and e.currency = ${currency} and e.payout_id is null
              and e.available_on <= ${input.asOf}::date and ${simulatorEntry}
              ${input.cutoff ? sql`and e.created_at < ${input.cutoff}::timestamptz` : sql``}
            for update of e`,
      );
      const sum = (rows: typeof claimed, f: 'amount' | 'fee' | 'net') =>
        rows.reduce((s, r) => s + Number(r[f]), 0);
      const amount = sum(claimed, 'net');
      if (claimed.length === 0 || amount <= 0) return null;
      const paymentsRows = claimed.filter((r) => r.type === 'payment');
      // A refund's reversal (a refund that failed after succeeding) is a negative refund.
      const refundRows = claimed.filter((r) => r.type === 'refund' || r.type === 'refund_reversal');
      const id = newId('po');
      const [row] = await tx
        .insert(payouts)
        .values({
          id,
          projectId: input.projectId,
          amount,
          currency,
          status: 'paid',
          arrivalDate: input.asOf,
          paymentsCount: paymentsRows.length,
          gross: sum(paymentsRows, 'amount'),
          fees: sum(claimed, 'fee'),
          refunds: -sum(refundRows, 'amount'),
          provider: 'simulator',
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning();
      const ids = JSON.stringify(claimed.map((r) => r.id));
      await tx.execute(
        sql`with paid as (
              update balance_entries set payout_id = ${id}
              where id in (select jsonb_array_elements_text(${ids}::jsonb))
              returning transaction_id, type
            )
            update transactions t set payout_id = ${id}
            from paid where paid.type = 'payment' and t.id = paid.transaction_id and t.project_id = ${input.projectId}`,
      );
      const data = presentPayout(row!);
      await recordEvents(tx, [
        { projectId: input.projectId, type: 'payout.created', objectId: id, data, now: input.now },
        { projectId: input.projectId, type: 'payout.paid', objectId: id, data, now: input.now },
      ]);
      return row!;
    });
    if (payout) made.push(payout);
  }
  return made;
}

/**
 * `npm run cli -- payouts run [--project prj_…] [--as-of YYYY-MM-DD]`: every project with
 * simulator entries not paid out (or one) now, as of that day (default: each project's local today), whatever its payout_time.
 */
export async function runPayoutsNow(
  ctx: AppContext,
  input: { projectId: string | null; asOf: string | null },
) {
  const db = ctx.database.db;
  const now = ctx.now();
  const projects = await rowsOf<{ id: string; today: string }>(
    db,
    sql`select p.id, to_char((${now}::timestamptz at time zone p.time_zone)::date, 'YYYY-MM-DD') as today
        from projects p
        where p.deleted_at is null
          ${input.projectId ? sql`and p.id = ${input.projectId}` : sql``}
          and exists (select 1 from balance_entries e where e.project_id = p.id and e.payout_id is null
            and ${simulatorEntry})
        order by p.id`,
  );
  const made = [];
  for (const p of projects) {
    made.push(
      ...(await payOutProject(db, { projectId: p.id, asOf: input.asOf ?? p.today, cutoff: null, now })),
    );
  }
  return { projects: projects.length, payouts: made };
}

/**
 * The daily payout job: a project is due once its `payout_time` has come round
 * today in its zone; it pays what is available today and was written before that moment.
 * Stateless like the scheduled closes: what is left after a run is a negative balance that
 * carries over, which the next passes find again and leave.
 */
export async function runDuePayouts(ctx: AppContext) {
  const db = ctx.database.db;
  const now = ctx.now();
  const due = await rowsOf<DueProject>(
    db,
    sql`select p.id as project_id,
               to_char((${now}::timestamptz at time zone p.time_zone)::date, 'YYYY-MM-DD') as as_of,
               (extract(epoch from ((${now}::timestamptz at time zone p.time_zone)::date + p.payout_time::time) at time zone p.time_zone) * 1000)::float8 as cutoff_ms
        from projects p
        where p.deleted_at is null
          and ((${now}::timestamptz at time zone p.time_zone)::date + p.payout_time::time) at time zone p.time_zone <= ${now}::timestamptz
          and exists (
            select 1 from balance_entries e
            where e.project_id = p.id and e.payout_id is null
              and e.available_on <= (${now}::timestamptz at time zone p.time_zone)::date and ${simulatorEntry})`,
  );
  const made = [];
  for (const p of due) {
    made.push(
      ...(await payOutProject(db, {
        projectId: p.project_id,
        asOf: p.as_of,
        cutoff: new Date(Math.round(Number(p.cutoff_ms))),
        now,
      })),
    );
  }
  return made;
}
