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

/** The endpoint columns a sender reads, as raw SQL selects them (`e` is the endpoint's alias). */
export const SENDING_ENDPOINT_COLUMNS = `e.id as endpoint_id, e.project_id as endpoint_project_id, e.url,
  e.secret_enc, e.previous_secret_enc, e.previous_secret_expires_at, e.failing_since, e.last_success_at`;

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

const date = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

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

export const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));
