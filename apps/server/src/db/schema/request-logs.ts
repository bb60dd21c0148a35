import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * One row per main- or terminal-API request made with an API key or device token, and per
 * request refused for authentication on them. Written in batches off the hot
 * path. Bodies only for 4xx/5xx, redacted and cut to 8 KiB.
 *
 * Range-partitioned by month on `created_at` (custom migration
 * `0013_request_logs_partitions`; drizzle-kit cannot express it): the maintenance job makes the
 * next months' partitions and drops whole months past RETENTION_REQUEST_LOGS_DAYS, never a mass
 * DELETE. A partitioned table's primary key must hold the partition key: `(id, created_at)`.
 */
export const requestLogs = pgTable(
  'request_logs',
  {
    id: text().notNull(),
    /** Null when a refused credential names no project we could tell. */
    projectId: text(),
    method: text().notNull(),
    route: text(),
    path: text().notNull(),
    status: integer().notNull(),
    durationMs: integer().notNull(),
    keyId: text(),
    keyPrefix: text(),
    terminalId: text(),
    ip: text(),
    requestId: text().notNull(),
    idempotencyKey: text(),
    requestBody: jsonb().$type<unknown>(),
    responseBody: jsonb().$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'request_logs_id_created_at_pk', columns: [t.id, t.createdAt] }),
    index('request_logs_project_idx').on(
      t.projectId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('request_logs_created_idx').on(t.createdAt),
  ],
);
