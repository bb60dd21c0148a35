import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * One row per main- or terminal-API request made with an API key or device token, and per
 * request refused for authentication on them (issue 17 §3). Written in batches off the hot
 * path; kept 7 days. Bodies only for 4xx/5xx, redacted and cut to 8 KiB.
 */
export const requestLogs = pgTable(
  'request_logs',
  {
    id: text().primaryKey(),
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
    index('request_logs_project_idx').on(
      t.projectId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('request_logs_created_idx').on(t.createdAt),
  ],
);
