import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { rowsOf } from '../../platform/sql-rows';
import {
  asDate,
  type LeasedDelivery,
  SENDING_ENDPOINT_COLUMNS,
  SENDING_ENDPOINT_NAMES,
  type SendingEndpoint,
  type SendingEndpointRow,
  sendingEndpointOf,
} from './leased-delivery';

export interface FanOutOptions {
  now: Date;
  /** Events per pass. */
  batch: number;
  /** The sender that takes the new deliveries it has room for, and until when. */
  owner: string;
  leaseUntil: Date;
  /** How many new deliveries this sender takes in all, and per endpoint (`defaultRoom` for endpoints not listed). */
  room: number;
  endpointRoom: Map<string, number>;
  defaultRoom: number;
}

interface FannedRow extends Partial<SendingEndpointRow> {
  events: number;
  id: string | null;
  inserted: boolean | null;
  mine: boolean | null;
  project_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  event_data: string | null;
  event_created_at: Date | string;
  /** The endpoint's columns come on its first row in the batch only (`endpoint_first`). */
  endpoint_first: boolean;
}

/** The endpoint's columns, on its first row only: a batch repeats them once, not per delivery. */
const ENDPOINT_ONCE = SENDING_ENDPOINT_NAMES.filter((c) => c !== 'endpoint_id')
  .map((c) => `case when l.endpoint_first then l.${c} end as ${c}`)
  .join(', ');

/**
 * A new id per delivery, made in SQL so the whole fan-out is one statement: 22 characters of
 * [A-Za-z0-9] from two random UUIDs (244 random bits, base64 with `+`, `/` and `=` dropped),
 * the shape `newId` gives.
 */
const DELIVERY_ID = `'dlv_' || substr(translate(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '+/=', ''), 1, 22)`;

/**
 * Turns a batch of outbox events into deliveries: one per (event, enabled endpoint subscribed
 * to its type that existed when the event happened). The events' queue rows are taken with
 * SKIP LOCKED, so replicas take different batches, and deleted in the statement that creates
 * the deliveries; with the unique (project, event, endpoint) key, each delivery exists once.
 *
 * The deliveries this sender has room for are born leased to it and come back ready to send,
 * so a new event costs no separate claim; the rest are left due for any sender to claim.
 * One statement, one round trip, whatever the batch.
 */
export async function fanOutEvents(db: Db, opts: FanOutOptions) {
  const now = opts.now.toISOString();
  const rows = await rowsOf<FannedRow>(
    db,
    sql`with taken as (
          -- '= any(array(…))' rather than 'in (…)': the queue's rows are deleted as fast as they
          -- come, and a hash join read every dead one still in the table on each batch.
          delete from event_fanout f
          where f.seq = any(array(select seq from event_fanout order by seq limit ${opts.batch} for update skip locked))
          returning f.event_id, f.event_created_at, f.seq
        ), due as (
          -- One primary-key lookup per taken event, in its month's partition (the LIMIT keeps
          -- the planner from turning this into a hash join, which read the whole events table
          -- on every batch).
          select ev.id, taken.seq, ev.project_id, ev.type, ev.data, ev.created_at
          from taken cross join lateral (
            select ev.id, ev.project_id, ev.type, ev.data::text as data, ev.created_at
            from events ev where ev.id = taken.event_id and ev.created_at = taken.event_created_at limit 1
          ) ev
        ), room as (
          select * from unnest(${sql.param([...opts.endpointRoom.keys()])}::text[],
                               ${sql.param([...opts.endpointRoom.values()])}::int[]) as r(endpoint_id, room)
        ), matched as (
          select due.id as event_id, due.project_id, due.type as event_type, due.data as event_data,
            due.created_at as event_created_at, ${sql.raw(SENDING_ENDPOINT_COLUMNS)},
            row_number() over (partition by e.id order by due.seq) <= coalesce(r.room, ${opts.defaultRoom})
              and row_number() over (order by due.seq, e.id) <= ${opts.room} as mine,
            row_number() over (partition by e.id order by due.seq) = 1 as endpoint_first
          from due
          join webhook_endpoints e on e.project_id = due.project_id and e.enabled
            and e.created_at <= due.created_at
            and (jsonb_array_length(e.event_types) = 0 or e.event_types ? due.type)
          left join room r on r.endpoint_id = e.id
        ), leasing as (
          select ${sql.raw(DELIVERY_ID)} as id, m.* from matched m
        ), ins as (
          insert into webhook_deliveries (id, project_id, endpoint_id, event_id, event_created_at, event_type,
            status, next_attempt_at, lease_owner, lease_until, created_at, updated_at)
          select l.id, l.project_id, l.endpoint_id, l.event_id, l.event_created_at, l.event_type, 'pending',
            ${now}::timestamptz,
            case when l.mine then ${opts.owner} end,
            case when l.mine then ${opts.leaseUntil.toISOString()}::timestamptz end,
            ${now}::timestamptz, ${now}::timestamptz
          from leasing l
          on conflict do nothing
          returning id
        )
        select (select count(*) from taken)::int as events, l.id in (select id from ins) as inserted,
          l.id, l.mine, l.project_id, l.endpoint_id, l.event_id, l.event_type,
          case when l.mine then l.event_data end as event_data, l.event_created_at,
          l.endpoint_first, ${sql.raw(ENDPOINT_ONCE)}
        from (select 1) as one left join leasing l on true`,
  );
  const leased: LeasedDelivery[] = [];
  const endpoints = new Map<string, SendingEndpoint>();
  let deliveries = 0;
  for (const r of rows) {
    if (r.id && r.endpoint_first) endpoints.set(r.endpoint_id, sendingEndpointOf(r as SendingEndpointRow));
  }
  for (const r of rows) {
    if (!r.id) continue;
    // A delivery that already existed (the unique key) is neither new nor leased.
    if (!r.inserted) continue;
    deliveries++;
    if (!r.mine) continue;
    leased.push({
      id: r.id,
      projectId: r.project_id,
      endpointId: r.endpoint_id,
      scheduleStep: 0,
      leaseUntil: opts.leaseUntil,
      endpoint: endpoints.get(r.endpoint_id)!,
      event: {
        id: r.event_id,
        type: r.event_type,
        dataJson: r.event_data ?? '{}',
        createdAt: asDate(r.event_created_at),
      },
    });
  }
  return { events: rows[0]?.events ?? 0, batch: opts.batch, deliveries, leased };
}
