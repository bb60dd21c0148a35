import { eq } from 'drizzle-orm';
import { identityUsers, type memberships } from '../../db/schema';
import type { Db } from '../../platform/db';
import { recordEvent } from '../events/record-event';

/** Records `member.added` / `member.removed` with the member as the main API presents it. */
export async function recordMemberEvent(
  tx: Db,
  {
    type,
    membership,
    now,
  }: { type: 'member.added' | 'member.removed'; membership: typeof memberships.$inferSelect; now: Date },
) {
  const [user] = await tx
    .select({ displayName: identityUsers.displayName, email: identityUsers.email })
    .from(identityUsers)
    .where(eq(identityUsers.uid, membership.uid))
    .limit(1);
  await recordEvent(tx, {
    projectId: membership.projectId,
    type,
    objectId: membership.uid,
    data: {
      user_id: membership.uid,
      email: user?.email ?? membership.email,
      display_name: user?.displayName ?? null,
      role: membership.role,
      created_at: membership.createdAt.toISOString(),
    },
    now,
  });
}
