import type { createProjectSchema, Role, updateProjectSchema } from '@scanline/contracts';
import { and, eq, ilike, isNotNull, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { memberships, projects } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { getOwnedBusiness } from '../businesses/businesses';
import { buildList, toPage } from '../listing/list-query';
import type { ListInput } from '../listing/page-in-sql';
import { projectListSpec } from '../listing/workspace-list-specs';
import { tippingOf } from '../payments/check-tip';
import { mfaRequired, projectAccess } from './project-access';
import { projectAccessChanged } from './project-access-cache';
import { forgetSecondFactorFlag } from './second-factor-gate';

type UserActor = Extract<Actor, { kind: 'user' }>;
export const RESTORE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

export async function createProject(
  db: Db,
  actor: UserActor,
  input: z.infer<typeof createProjectSchema>,
  now: Date,
) {
  return db.transaction(async (tx) => {
    // A project charges through a business its creator owns.
    await getOwnedBusiness(tx, actor.uid, input.business_id).catch(() => {
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
    await recordAudit(tx, actor, project!.id, 'project.created', project!.id, now, { name: input.name });
    return { project: project!, role: 'owner' as Role };
  });
}

/** `/me`'s project switcher: every project, newest first (500 as before). */
const MY_PROJECTS_ALL: ListInput = { filters: [], sort: null, limit: 500, timeZone: 'UTC' };

/**
 * The caller's projects with their role, filtered, sorted and keyset-paged in SQL (issue 9);
 * deleted ones only for their owner (to restore). `q` is the older name search, kept.
 */
export async function listMyProjects(
  db: Db,
  uid: string,
  opts: ListInput & { q?: string; includeDeleted?: boolean } = MY_PROJECTS_ALL,
) {
  const built = buildList(projectListSpec, opts);
  const filters: SQL[] = [eq(memberships.uid, uid), ...built.where];
  if (opts.q) filters.push(ilike(projects.name, `%${opts.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
  filters.push(
    opts.includeDeleted
      ? or(isNull(projects.deletedAt), eq(memberships.role, 'owner'))!
      : isNull(projects.deletedAt),
  );
  if (opts.startingAfter) filters.push(built.after(projects, opts.startingAfter));
  const rows = await db
    .select({ project: projects, role: memberships.role })
    .from(memberships)
    .innerJoin(projects, eq(projects.id, memberships.projectId))
    .where(and(...filters))
    .orderBy(...built.orderBy)
    .limit(opts.limit + 1);
  return toPage(rows, opts.limit, (r) => r.project.id);
}

export async function updateProject(
  db: Db,
  actor: Actor,
  projectId: string,
  input: z.infer<typeof updateProjectSchema>,
  now: Date,
) {
  const updated = await db.transaction(async (tx) => {
    const { project: before, role } = await projectAccess(tx, actor, projectId, 'project.edit');
    if (input.require_mfa !== undefined && input.require_mfa !== before.requireMfa) {
      if (actor.kind !== 'user')
        throw new AppError(
          'forbidden',
          'Only a person can change whether the project requires two-step verification.',
        );
      // Whoever turns it on proves they can meet it, so nobody locks the team out by mistake.
      if (input.require_mfa && !actor.secondFactor) throw mfaRequired();
    }
    if (input.business_id !== undefined) {
      if (actor.kind !== 'user')
        throw new AppError('forbidden', 'Only a person can move a project to another business.');
      await getOwnedBusiness(tx, actor.uid, input.business_id).catch(() => {
        throw new AppError('validation_failed', 'Choose one of your businesses.', [
          { path: 'body.business_id', message: 'Not one of your businesses' },
        ]);
      });
    }
    const [project] = await tx
      .update(projects)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.business_id !== undefined ? { businessId: input.business_id } : {}),
        ...(input.time_zone !== undefined ? { timeZone: input.time_zone } : {}),
        ...(input.currency !== undefined ? { currency: input.currency } : {}),
        ...(input.terminal_offline_alert_minutes !== undefined
          ? { terminalOfflineAlertMinutes: input.terminal_offline_alert_minutes }
          : {}),
        ...(input.require_mfa !== undefined ? { requireMfa: input.require_mfa } : {}),
        // Issue 26: the fields sent change, the others keep their value.
        ...(input.tipping !== undefined
          ? { tipping: { ...tippingOf(before.tipping), ...input.tipping } }
          : {}),
        ...(input.cashier_idle_minutes !== undefined
          ? { cashierIdleMinutes: input.cashier_idle_minutes }
          : {}),
        ...(input.tax_rate !== undefined
          ? { taxRate: input.tax_rate === null ? null : String(input.tax_rate) }
          : {}),
        ...(input.daily_close_time !== undefined ? { dailyCloseTime: input.daily_close_time } : {}),
        ...(input.close_report_email !== undefined ? { closeReportEmail: input.close_report_email } : {}),
        ...(input.payout_delay_days !== undefined ? { payoutDelayDays: input.payout_delay_days } : {}),
        ...(input.payout_time !== undefined ? { payoutTime: input.payout_time } : {}),
        ...(input.allow_other_currencies !== undefined
          ? { allowOtherCurrencies: input.allow_other_currencies }
          : {}),
        updatedAt: now,
      })
      .where(eq(projects.id, projectId))
      .returning();
    if (input.require_mfa !== undefined) forgetSecondFactorFlag(projectId);
    const { require_mfa, ...rest } = input;
    if (Object.keys(rest).length > 0)
      await recordAudit(tx, actor, projectId, 'project.updated', projectId, now, rest);
    if (require_mfa !== undefined && require_mfa !== before.requireMfa)
      await recordAudit(tx, actor, projectId, 'project.mfa_requirement_changed', projectId, now, {
        require_mfa,
      });
    return { project: project!, role };
  });
  await projectAccessChanged(db, projectId);
  return updated;
}

/** Soft delete: hidden at once, restorable by the owner for 30 days, then purged. */
export async function deleteProject(db: Db, actor: Actor, projectId: string, now: Date) {
  await db.transaction(async (tx) => {
    await projectAccess(tx, actor, projectId, 'project.delete');
    await tx.update(projects).set({ deletedAt: now, updatedAt: now }).where(eq(projects.id, projectId));
    await recordAudit(tx, actor, projectId, 'project.deleted', projectId, now);
  });
  await projectAccessChanged(db, projectId);
}

export async function restoreProject(db: Db, actor: Actor, projectId: string, now: Date) {
  const restored = await db.transaction(async (tx) => {
    const { project, role } = await projectAccess(tx, actor, projectId, 'project.delete', {
      allowDeleted: true,
    });
    if (!project.deletedAt) throw new AppError('conflict', 'This project is not deleted.');
    if (now.getTime() - project.deletedAt.getTime() > RESTORE_WINDOW_MS) throw notFound('Project');
    const [restored] = await tx
      .update(projects)
      .set({ deletedAt: null, updatedAt: now })
      .where(eq(projects.id, projectId))
      .returning();
    await recordAudit(tx, actor, projectId, 'project.restored', projectId, now);
    return { project: restored!, role };
  });
  await projectAccessChanged(db, projectId);
  return restored;
}

/** Run by the maintenance loop: removes projects deleted more than 30 days ago, with their data. */
export async function purgeDeletedProjects(db: Db, now: Date): Promise<number> {
  const purged = await db
    .delete(projects)
    .where(
      and(isNotNull(projects.deletedAt), lt(projects.deletedAt, new Date(now.getTime() - RESTORE_WINDOW_MS))),
    )
    .returning({ id: projects.id });
  for (const { id } of purged) await projectAccessChanged(db, id);
  return purged.length;
}

/** The owner hands the project to one of its admins and becomes an admin. */
export async function transferProject(db: Db, actor: Actor, projectId: string, toUid: string, now: Date) {
  await db.transaction(async (tx) => {
    await projectAccess(tx, actor, projectId, 'project.transfer');
    if (actor.kind !== 'user') throw new AppError('forbidden', 'Only the owner can transfer a project.');
    const [target] = await tx
      .select()
      .from(memberships)
      .where(
        and(eq(memberships.projectId, projectId), eq(memberships.uid, toUid), ne(memberships.uid, actor.uid)),
      )
      .limit(1);
    if (target?.role !== 'admin') {
      throw new AppError('validation_failed', 'Ownership can go only to an admin of this project.', [
        { path: 'body.to_user_id', message: 'Not an admin of this project' },
      ]);
    }
    await tx
      .update(memberships)
      .set({ role: 'admin', updatedAt: now })
      .where(and(eq(memberships.projectId, projectId), eq(memberships.uid, actor.uid)));
    await tx
      .update(memberships)
      .set({ role: 'owner', updatedAt: now })
      .where(and(eq(memberships.projectId, projectId), eq(memberships.uid, toUid)));
    await recordAudit(tx, actor, projectId, 'project.transferred', toUid, now);
  });
  await projectAccessChanged(db, projectId);
}
