import type { createProjectSchema, Role } from '@scanline/contracts';
import type { z } from 'zod';
import { memberships, projects } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { getOwnedBusiness } from '../businesses/business-rows';

/** A new project under one of the creator's businesses; the creator is its owner. */
export async function createProject(
  db: Db,
  {
    actor,
    input,
    now,
  }: { actor: Extract<Actor, { kind: 'user' }>; input: z.infer<typeof createProjectSchema>; now: Date },
) {
  return db.transaction(async (tx) => {
    // A project charges through a business its creator owns.
    await getOwnedBusiness(tx, { ownerUid: actor.uid, businessId: input.business_id }).catch(() => {
      throw new AppError('validation_failed', 'Choose one of your businesses.', [
        { path: 'body.business_id', message: 'Not one of your businesses' },
      ]);
    });
    const [project] = await tx
      .insert(projects)
      .values({
        id: newId('prj'),
        businessId: input.business_id,
        name: input.name,
        timeZone: input.time_zone,
        currency: input.currency,
        createdBy: actor.uid,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(memberships).values({
      projectId: project!.id,
      uid: actor.uid,
      email: actor.email,
      role: 'owner',
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, {
      actor,
      projectId: project!.id,
      action: 'project.created',
      target: project!.id,
      now,
      metadata: { name: input.name },
    });
    return { project: project!, role: 'owner' as Role };
  });
}
