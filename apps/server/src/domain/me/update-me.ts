import type { AccountLocale } from '@scanline/contracts';
import { userSettings } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * `PATCH /api/v1/me`: the person's language, kept by uid so it works with any
 * identity provider; null clears the choice (the browser's language is used again).
 */
export async function updateMe(db: Db, opts: { uid: string; locale: AccountLocale | null; now: Date }) {
  await db
    .insert(userSettings)
    .values({ uid: opts.uid, locale: opts.locale, updatedAt: opts.now })
    .onConflictDoUpdate({ target: userSettings.uid, set: { locale: opts.locale, updatedAt: opts.now } });
}
