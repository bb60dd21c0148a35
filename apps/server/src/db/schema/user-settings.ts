import type { AccountLocale } from '@scanline/contracts';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

/**
 * What a person keeps on their account whatever signs them in (the built-in identity service or
 * Google's): keyed by uid, so it works in both auth modes. A row appears with the
 * first choice; no row means nothing chosen.
 */
export const userSettings = pgTable('user_settings', {
  uid: text().primaryKey(),
  /** The language of the console and of this person's emails; null follows the browser. */
  locale: text().$type<AccountLocale>(),
  updatedAt: updatedAt(),
});
