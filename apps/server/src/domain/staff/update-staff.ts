import type { UpdateStaff } from '@scanline/contracts';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { cashierSessions, staff } from '../../db/schema';
import { pinLookup } from '../../platform/crypto/pin-lookup';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { projectAccessChanged } from '../projects/project-access-cache';
import { hashPin, isUniqueViolation, pinInUse } from './pin-secrets';

/**
 * Renames, changes the role or PIN of, disables or enables a staff member.
 * Disabling ends their open cashier sessions in the same transaction, so every replica refuses
 * them from the next request; a new PIN or a new role ends them too (they sign in again).
 */
export async function updateStaff(
  db: Db,
  opts: { actor: Actor; projectId: string; staffId: string; input: UpdateStaff; pinKey: Buffer; now: Date },
) {
  const { actor, projectId, staffId, input, now } = opts;
  await projectAccess(db, { actor, projectId, action: 'staff.manage' });
  const pin =
    input.pin !== undefined
      ? { pinHash: await hashPin(input.pin), pinLookup: pinLookup(opts.pinKey, projectId, input.pin) }
      : undefined;
  const row = await db
    .transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(staff)
        .where(and(eq(staff.projectId, projectId), eq(staff.id, staffId)))
        .for('update');
      if (!before) throw notFound('Staff member');
      if (pin) {
        const [taken] = await tx
          .select({ id: staff.id })
          .from(staff)
          .where(
            and(eq(staff.projectId, projectId), eq(staff.pinLookup, pin.pinLookup), ne(staff.id, staffId)),
          )
          .limit(1);
        if (taken) throw pinInUse();
      }
      const disabling = input.disabled === true && before.disabledAt === null;
      const [updated] = await tx
        .update(staff)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.role !== undefined ? { role: input.role } : {}),
          ...(pin ?? {}),
          ...(input.disabled !== undefined
            ? { disabledAt: input.disabled ? (before.disabledAt ?? now) : null }
            : {}),
          updatedAt: now,
        })
        .where(and(eq(staff.projectId, projectId), eq(staff.id, staffId)))
        .returning();
      const endReason = disabling
        ? 'disabled'
        : pin
          ? 'pin_changed'
          : input.role !== undefined && input.role !== before.role
            ? 'role_changed'
            : null;
      if (endReason) {
        await tx
          .update(cashierSessions)
          .set({ endedAt: now, endedReason: endReason })
          .where(and(eq(cashierSessions.staffId, staffId), isNull(cashierSessions.endedAt)));
      }
      const { pin: _pin, ...changes } = input;
      await recordAudit(tx, {
        actor,
        projectId,
        action: 'staff.updated',
        target: staffId,
        now,
        metadata: {
          ...changes,
          ...(pin ? { pin_changed: true } : {}),
        },
      });
      return updated!;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw pinInUse();
      throw error;
    });
  await projectAccessChanged(db, projectId);
  return row;
}
