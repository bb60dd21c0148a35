import type { CreateStaff } from '@scanline/contracts';
import { and, eq } from 'drizzle-orm';
import { staff } from '../../db/schema';
import { pinLookup } from '../../platform/crypto/pin-lookup';
import type { Db } from '../../platform/db';
import { newId } from '../../platform/ids';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { projectAccessChanged } from '../projects/project-access-cache';
import { hashPin, isUniqueViolation, pinInUse } from './pin-secrets';

/** Adds a cashier or manager to a project; its PIN unique in the project. */
export async function createStaff(
  db: Db,
  opts: { actor: Actor; projectId: string; input: CreateStaff; pinKey: Buffer; now: Date },
) {
  const { actor, projectId, input, now } = opts;
  await projectAccess(db, { actor, projectId, action: 'staff.manage' });
  const lookup = pinLookup(opts.pinKey, projectId, input.pin);
  // The slow hash is made before the transaction: it holds no lock while it works.
  const pinHash = await hashPin(input.pin);
  const row = await db
    .transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.projectId, projectId), eq(staff.pinLookup, lookup)))
        .limit(1);
      if (taken) throw pinInUse();
      const [created] = await tx
        .insert(staff)
        .values({
          id: newId('stf'),
          projectId,
          name: input.name,
          role: input.role,
          pinHash,
          pinLookup: lookup,
          createdBy: actor.kind === 'user' ? actor.uid : actor.keyId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordAudit(tx, {
        actor,
        projectId,
        action: 'staff.created',
        target: created!.id,
        now,
        metadata: {
          name: input.name,
          role: input.role,
        },
      });
      return created!;
    })
    .catch((error: unknown) => {
      // Two admins giving the same PIN at once: the unique index decides.
      if (isUniqueViolation(error)) throw pinInUse();
      throw error;
    });
  await projectAccessChanged(db, projectId);
  return row;
}
