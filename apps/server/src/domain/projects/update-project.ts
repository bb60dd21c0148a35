import type { updateProjectSchema } from '@scanline/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { projects } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { getOwnedBusiness } from '../businesses/business-rows';
import { tippingOf } from '../payments/check-tip';
import { mfaRequired, projectAccess } from './project-access';
import { projectAccessChanged } from './project-access-cache';
import { forgetSecondFactorFlag } from './second-factor-gate';

/** Edits the project's settings: the fields sent change, the others keep their value. */
export async function updateProject(
  db: Db,
  {
    actor,
    projectId,
    input,
    now,
  }: { actor: Actor; projectId: string; input: z.infer<typeof updateProjectSchema>; now: Date },
) {
  const updated = await db.transaction(async (tx) => {
    const { project: before, role } = await projectAccess(tx, { actor, projectId, action: 'project.edit' });
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
      await getOwnedBusiness(tx, { ownerUid: actor.uid, businessId: input.business_id }).catch(() => {
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
        // The fields sent change, the others keep their value.
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
        ...(input.tips_taxable !== undefined ? { tipsTaxable: input.tips_taxable } : {}),
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
      await recordAudit(tx, {
        actor,
        projectId,
        action: 'project.updated',
        target: projectId,
        now,
        metadata: rest,
      });
    if (require_mfa !== undefined && require_mfa !== before.requireMfa)
      await recordAudit(tx, {
        actor,
        projectId,
        action: 'project.mfa_requirement_changed',
        target: projectId,
        now,
        metadata: {
          require_mfa,
        },
      });
    return { project: project!, role };
  });
  await projectAccessChanged(db, projectId);
  return updated;
}
