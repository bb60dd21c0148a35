import type { webhookEndpoints } from '../../db/schema';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** What a sender needs of an endpoint: where, how to sign, and its health (the 5-day rule). */
export type SendingEndpoint = Pick<
  EndpointRow,
  | 'id'
  | 'projectId'
  | 'url'
  | 'secretEnc'
  | 'previousSecretEnc'
  | 'previousSecretExpiresAt'
  | 'failingSince'
  | 'lastSuccessAt'
>;

export interface OutboxEvent {
  id: string;
  type: string;
  /** `data` as PostgreSQL prints it (`data::text`), spliced into the body unparsed. */
  dataJson: string;
  createdAt: Date;
}

/** A delivery this sender holds a lease on, with everything needed to send it. */
export interface LeasedDelivery {
  id: string;
  projectId: string;
  endpointId: string;
  scheduleStep: number;
  leaseUntil: Date;
  endpoint: SendingEndpoint;
  event: OutboxEvent;
}

/** The endpoint columns a sender reads: the name each is selected as, and its column. */
const SENDING_ENDPOINT_FIELDS = {
  endpoint_id: 'id',
  endpoint_project_id: 'project_id',
  url: 'url',
  secret_enc: 'secret_enc',
  previous_secret_enc: 'previous_secret_enc',
  previous_secret_expires_at: 'previous_secret_expires_at',
  failing_since: 'failing_since',
  last_success_at: 'last_success_at',
} as const;

/** The names those columns are selected as. */
export const SENDING_ENDPOINT_NAMES = Object.keys(SENDING_ENDPOINT_FIELDS) as (keyof SendingEndpointRow)[];

/** The select list for raw SQL in which the endpoint's alias is `e`. */
export const SENDING_ENDPOINT_COLUMNS = Object.entries(SENDING_ENDPOINT_FIELDS)
  .map(([name, column]) => `e.${column} as ${name}`)
  .join(', ');

export interface SendingEndpointRow {
  endpoint_id: string;
  endpoint_project_id: string;
  url: string;
  secret_enc: string;
  previous_secret_enc: string | null;
  previous_secret_expires_at: Date | string | null;
  failing_since: Date | string | null;
  last_success_at: Date | string | null;
}

export const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const date = (v: Date | string | null) => (v === null ? null : asDate(v));

export const sendingEndpointOf = (r: SendingEndpointRow): SendingEndpoint => ({
  id: r.endpoint_id,
  projectId: r.endpoint_project_id,
  url: r.url,
  secretEnc: r.secret_enc,
  previousSecretEnc: r.previous_secret_enc,
  previousSecretExpiresAt: date(r.previous_secret_expires_at),
  failingSince: date(r.failing_since),
  lastSuccessAt: date(r.last_success_at),
});
