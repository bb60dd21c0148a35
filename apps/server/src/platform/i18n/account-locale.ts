import type { AccountLocale } from '@scanline/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { userSettings } from '../../db/schema';
import type { Db } from '../db';
import { rowsOf } from '../sql-rows';

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

/**
 * The language of whoever has an account with this address, if they chose one: the built-in
 * identity service's user, or (with any provider) a member who joined with it (
 * an invitation goes out in the invitee's language when they already use Scanline).
 */
export async function accountLocaleByEmail(db: Db, email: string): Promise<AccountLocale | null> {
  const normalized = email.trim().toLowerCase();
  const [row] = await rowsOf<{ locale: AccountLocale }>(
    db,
    sql`select s.locale from user_settings s
        where s.locale is not null and s.uid in (
          select uid from identity_users where email_normalized = ${normalized}
          union select uid from memberships where lower(email) = ${normalized})
        order by s.updated_at desc limit 1`,
  );
  return row?.locale ?? null;
}
