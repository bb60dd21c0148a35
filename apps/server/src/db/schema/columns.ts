import { timestamp } from 'drizzle-orm/pg-core';

/** Shared column helpers: every table keeps UTC timestamps with time zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
