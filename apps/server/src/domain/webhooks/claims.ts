import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { rowsOf } from '../../platform/sql-rows';
import {
  asDate,
  type LeasedDelivery,
  SENDING_ENDPOINT_COLUMNS,
  type SendingEndpointRow,
  sendingEndpointOf,
} from './leased-delivery';

interface ClaimedRow extends SendingEndpointRow {
  id: string;
  project_id: string;
  schedule_step: number;
  lease_until: Date | string;
  event_id: string;
  event_type: string;
  event_data: string;
  event_created_at: Date | string;
}

/**
 * Leases up to `limit` due deliveries to `owner` until `leaseUntil` (FOR UPDATE SKIP LOCKED:
 * replicas never take the same row), at most `endpointRoom` (else `defaultRoom`) per endpoint,
 * and returns them with their endpoint and event in the same statement. A claim whose lease
 * ran out — its sender crashed — is due again. Endpoints in `busy` (no room on this sender)
 * are not even read; rows over an endpoint's room stay unleased for the next claim.
 */
export async function claimDueDeliveries(
  db: Db,
  opts: {
    owner: string;
    now: Date;
    leaseUntil: Date;
    limit: number;
    busy: string[];
    endpointRoom: Map<string, number>;
    defaultRoom: number;
  },
): Promise<LeasedDelivery[]> {
  const now = opts.now.toISOString();
  const rows = await rowsOf<ClaimedRow>(
    db,
    sql`with c as (
          select dd.id, dd.event_created_at, dd.endpoint_id, dd.next_attempt_at from webhook_deliveries dd
          where dd.status = 'pending' and dd.next_attempt_at <= ${now}::timestamptz
            and (dd.lease_until is null or dd.lease_until < ${now}::timestamptz)
            and exists (select 1 from webhook_endpoints e where e.id = dd.endpoint_id and e.enabled)
            and dd.endpoint_id <> all(${sql.param(opts.busy)}::text[])
          order by dd.next_attempt_at
          limit ${opts.limit}
          for update of dd skip locked
        ), room as (
          select * from unnest(${sql.param([...opts.endpointRoom.keys()])}::text[],
                               ${sql.param([...opts.endpointRoom.values()])}::int[]) as r(endpoint_id, room)
        ), pick as (
          select n.id, n.event_created_at from (
            select c.id, c.event_created_at, c.endpoint_id,
              row_number() over (partition by c.endpoint_id order by c.next_attempt_at) as nth
            from c
          ) n left join room r on r.endpoint_id = n.endpoint_id
          where n.nth <= coalesce(r.room, ${opts.defaultRoom})
        )
        update webhook_deliveries d
        set lease_owner = ${opts.owner}, lease_until = ${opts.leaseUntil.toISOString()}::timestamptz
        from pick, webhook_endpoints e, events ev
        where d.id = pick.id and d.event_created_at = pick.event_created_at and e.id = d.endpoint_id
          and ev.id = d.event_id and ev.created_at = d.event_created_at and ev.project_id = d.project_id
        returning d.id, d.project_id, d.schedule_step, d.lease_until, ${sql.raw(SENDING_ENDPOINT_COLUMNS)},
          ev.id as event_id, ev.type as event_type, ev.data::text as event_data,
          ev.created_at as event_created_at`,
  );
  return rows.map((r) => ({
    id: r.id,
    projectId: r.project_id,
    endpointId: r.endpoint_id,
    scheduleStep: r.schedule_step,
    leaseUntil: asDate(r.lease_until),
    endpoint: sendingEndpointOf(r),
    event: {
      id: r.event_id,
      type: r.event_type,
      dataJson: r.event_data,
      createdAt: asDate(r.event_created_at),
    },
  }));
}

/** Gives back claims (over a per-endpoint limit, or on shutdown); all of this owner's when no ids are given. */
export async function releaseClaims(db: Db, owner: string, ids?: string[]) {
  await db.execute(
    sql`update webhook_deliveries set lease_owner = null, lease_until = null
        where status = 'pending' and lease_owner = ${owner} ${ids ? sql`and id = any(${sql.param(ids)}::text[])` : sql``}`,
  );
}

/**
 * PGlite: one process owns the data folder, so at start every lease left in it belongs to a
 * process that is gone; they are due at once rather than when their lease runs out.
 */
export async function releaseForeignClaims(db: Db, liveOwners: string[]) {
  await db.execute(
    sql`update webhook_deliveries set lease_owner = null, lease_until = null
        where status = 'pending' and lease_owner is not null
          and lease_owner <> all(${sql.param(liveOwners)}::text[])`,
  );
}
