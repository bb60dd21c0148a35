import { PIN_LOCKOUT } from '@scanline/contracts';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  cashierPinFailures,
  cashierSessions,
  memberships,
  projects,
  staff,
  terminals,
} from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { pinLookup, pinLookupKey } from '../../platform/crypto/pin-lookup';
import { AppError } from '../../platform/errors';
import { withEmailTranslators } from '../../platform/i18n/recipient-locale';
import { newId } from '../../platform/ids';
import { renderLocalizedEmail } from '../../platform/mail/localized-email';
import { sendMail } from '../../platform/mail/send-mail';
import { recordTerminalAudit } from '../audit/record-audit';
import { projectAccessChanged } from '../projects/project-access-cache';
import type { DeviceCaller } from '../terminals/authenticate-device';
import { hashCashierSessionToken, newCashierSessionToken } from './cashier-session-token';
import { hashPin, verifyPin } from './pin-secrets';

export class PinLocked extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      'too_many_attempts',
      `Too many wrong PINs on this terminal: PIN sign-in is locked for ${Math.ceil(retryAfterSeconds / 60)} more minute(s).`,
    );
  }
}

const wrongPin = () =>
  new AppError('validation_failed', 'Wrong PIN.', [
    { path: 'body.pin', message: 'Wrong PIN', code: 'wrong_pin' },
  ]);

let dummyPinHash: Promise<string> | undefined;

/** Seconds a lock has left given the newest failures (newest first), 0 below the limit. */
function lockLeft(recent: { at: Date }[], limit: number, now: Date): number {
  if (recent.length < limit) return 0;
  // Attempts are not recorded while locked, so the newest failure is the one that locked it.
  const until = recent[0]!.at.getTime() + PIN_LOCKOUT.lockSeconds * 1000;
  return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
}

type Attempt = { id: string; lock: 'terminal' | 'project' | null };

/**
 * Checks the locks and records this attempt as a failure in one transaction that holds the
 * project's row, so parallel guesses queue here: the fifth to get through locks every later one
 * before any of them reaches the slow hash. A right PIN removes only its own row afterwards.
 */
async function reserveAttempt(
  ctx: AppContext,
  opts: { projectId: string; terminalId: string; now: Date },
): Promise<Attempt> {
  const since = new Date(opts.now.getTime() - PIN_LOCKOUT.windowSeconds * 1000);
  return ctx.database.db.transaction(async (tx) => {
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, opts.projectId)).for('update');
    const newest = (where: ReturnType<typeof eq>, limit: number) =>
      tx
        .select({ at: cashierPinFailures.createdAt })
        .from(cashierPinFailures)
        .where(and(where, gt(cashierPinFailures.createdAt, since)))
        .orderBy(desc(cashierPinFailures.createdAt))
        .limit(limit);
    const onTerminal = await newest(eq(cashierPinFailures.terminalId, opts.terminalId), PIN_LOCKOUT.attempts);
    const inProject = await newest(
      eq(cashierPinFailures.projectId, opts.projectId),
      PIN_LOCKOUT.projectAttempts,
    );
    const left = Math.max(
      lockLeft(onTerminal, PIN_LOCKOUT.attempts, opts.now),
      lockLeft(inProject, PIN_LOCKOUT.projectAttempts, opts.now),
    );
    if (left > 0) throw new PinLocked(left);
    const id = newId('cpf');
    await tx.insert(cashierPinFailures).values({
      id,
      projectId: opts.projectId,
      terminalId: opts.terminalId,
      createdAt: opts.now,
    });
    const lock =
      onTerminal.length + 1 >= PIN_LOCKOUT.attempts
        ? 'terminal'
        : inProject.length + 1 >= PIN_LOCKOUT.projectAttempts
          ? 'project'
          : null;
    return { id, lock };
  });
}

/**
 * A cashier signs in on a terminal with their PIN. The PIN's keyed lookup finds
 * the one enabled staff member it may belong to, and their argon2 hash proves it. A wrong PIN
 * is recorded against the terminal and the project: the fifth on the terminal (or the tenth in
 * the project) within 15 minutes locks PIN sign-in there (or on all its terminals) for 15 minutes
 * (`429 too_many_attempts`), writes an audit entry and emails the owner. A right PIN erases no
 * earlier failure, so a cashier's own sign-ins between guesses do not reset the count. Signing in ends the terminal's other open session (one cashier
 * per terminal: "Switch cashier").
 */
export async function signInCashier(
  ctx: AppContext,
  opts: { device: DeviceCaller; pin: string; ip: string | null },
): Promise<SignedInCashier> {
  const db = ctx.database.db;
  const { projectId, terminalId } = opts.device;
  const now = ctx.now();
  const attempt = await reserveAttempt(ctx, { projectId, terminalId, now });

  const [candidate] = await db
    .select({ s: staff, idleMinutes: projects.cashierIdleMinutes })
    .from(staff)
    .innerJoin(projects, eq(projects.id, staff.projectId))
    .where(
      and(
        eq(staff.projectId, projectId),
        eq(staff.pinLookup, pinLookup(pinLookupKey(ctx.config), projectId, opts.pin)),
        isNull(staff.disabledAt),
      ),
    )
    .limit(1);
  // The same slow check either way, so timing does not tell a PIN that exists.
  dummyPinHash ??= hashPin('000000');
  const ok = candidate
    ? await verifyPin(candidate.s.pinHash, opts.pin)
    : await verifyPin(await dummyPinHash, opts.pin).then(() => false);

  if (!candidate || !ok) {
    if (attempt.lock) {
      await reportLockout(ctx, { projectId, terminalId, ip: opts.ip, now, scope: attempt.lock });
      throw new PinLocked(PIN_LOCKOUT.lockSeconds);
    }
    throw wrongPin();
  }

  const token = newCashierSessionToken();
  await db.transaction(async (tx) => {
    await tx.delete(cashierPinFailures).where(eq(cashierPinFailures.id, attempt.id));
    await tx
      .update(cashierSessions)
      .set({ endedAt: now, endedReason: 'switched' })
      .where(and(eq(cashierSessions.terminalId, terminalId), isNull(cashierSessions.endedAt)));
    await tx.insert(cashierSessions).values({
      id: newId('csn'),
      projectId,
      terminalId,
      staffId: candidate.s.id,
      tokenHash: hashCashierSessionToken(token),
      createdAt: now,
      lastSeenAt: now,
    });
  });
  // The terminal's previous session ended: every replica forgets it (see resolve-cashier-session).
  await projectAccessChanged(db, projectId);
  return { staff: candidate.s, token, idleMinutes: candidate.idleMinutes };
}

/** The cashier signed in, the session token (shown once) and the project's idle limit. */
export interface SignedInCashier {
  staff: typeof staff.$inferSelect;
  token: string;
  idleMinutes: number;
}

/** The lock's audit entry (by the terminal) and the owner's email; a failed email does not unlock. */
async function reportLockout(
  ctx: AppContext,
  opts: {
    projectId: string;
    terminalId: string;
    ip: string | null;
    now: Date;
    scope: 'terminal' | 'project';
  },
) {
  const db = ctx.database.db;
  await recordTerminalAudit(db, {
    projectId: opts.projectId,
    terminalId: opts.terminalId,
    action: 'terminal.pin_locked',
    target: opts.terminalId,
    ip: opts.ip,
    now: opts.now,
    metadata: {
      scope: opts.scope,
      attempts: opts.scope === 'terminal' ? PIN_LOCKOUT.attempts : PIN_LOCKOUT.projectAttempts,
      locked_minutes: PIN_LOCKOUT.lockSeconds / 60,
    },
  });
  const [where] = await db
    .select({ label: terminals.label, project: projects.name })
    .from(terminals)
    .innerJoin(projects, eq(projects.id, terminals.projectId))
    .where(and(eq(terminals.projectId, opts.projectId), eq(terminals.id, opts.terminalId)));
  const owners = await db
    .select({ uid: memberships.uid, email: memberships.email })
    .from(memberships)
    .where(
      and(
        eq(memberships.projectId, opts.projectId),
        inArray(memberships.role, ['owner']),
        sql`${memberships.email} is not null`,
      ),
    );
  const label = where?.label ?? opts.terminalId;
  const actionUrl = `${ctx.config.publicUrl}/p/${opts.projectId}/terminals/${opts.terminalId}`;
  // Each owner in their own language.
  for (const owner of await withEmailTranslators(db, owners)) {
    const mail = renderLocalizedEmail(
      owner.t,
      'pinLocked',
      {
        terminal: label,
        project: where?.project ?? owner.t.t('pinLocked.yourProject'),
        attempts: PIN_LOCKOUT.attempts,
        windowMinutes: PIN_LOCKOUT.windowSeconds / 60,
        lockMinutes: PIN_LOCKOUT.lockSeconds / 60,
      },
      { actionUrl },
    );
    await sendMail(ctx, { ...mail, to: owner.email!, kind: 'cashier_pin_locked' }).catch(() => {});
  }
}

/** `DELETE /terminal/v1/cashier-sessions/current`: the cashier signs out. */
export async function endCashierSession(
  ctx: AppContext,
  opts: { projectId: string; sessionId: string; reason: string },
) {
  await ctx.database.db
    .update(cashierSessions)
    .set({ endedAt: ctx.now(), endedReason: opts.reason })
    .where(
      and(
        eq(cashierSessions.projectId, opts.projectId),
        eq(cashierSessions.id, opts.sessionId),
        isNull(cashierSessions.endedAt),
      ),
    );
  // Cached open sessions go here and on every replica at once (see resolve-cashier-session).
  await projectAccessChanged(ctx.database.db, opts.projectId);
}
