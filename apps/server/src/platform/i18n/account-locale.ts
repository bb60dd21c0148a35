import type { AccountLocale } from '@scanline/contracts';
import { eq, inArray } from 'drizzle-orm';
import { userSettings } from '../../db/schema';
import type { Db } from '../db';

/** The language a person chose for their account, or null (none chosen: the browser's is used). */
export async function accountLocale(db: Db, uid: string | null | undefined): Promise<AccountLocale | null> {
  if (!uid) return null;
  const [row] = await db
    .select({ locale: userSettings.locale })
    .from(userSettings)
    .where(eq(userSettings.uid, uid))
    .limit(1);
  return row?.locale ?? null;
}

/** Several people's languages at once (the owner and admins an alert goes to), by uid. */
export async function accountLocales(db: Db, uids: string[]): Promise<Map<string, AccountLocale>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .select({ uid: userSettings.uid, locale: userSettings.locale })
    .from(userSettings)
    .where(inArray(userSettings.uid, [...new Set(uids)]));
  return new Map(rows.filter((r) => r.locale).map((r) => [r.uid, r.locale!]));
}
