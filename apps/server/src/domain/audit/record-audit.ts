import { auditLog } from '../../db/schema';
import type { Db } from '../../platform/db';
import { newId } from '../../platform/ids';
import { type Actor, actorId } from '../actor';

/** One audit row, written with the change it describes (same transaction). */
export async function recordAudit(
  db: Db,
  {
    actor,
    projectId,
    action,
    target,
    now,
    metadata,
  }: {
    actor: Actor;
    projectId: string;
    action: string;
    target: string | null;
    now: Date;
    metadata?: Record<string, unknown>;
  },
) {
  await db.insert(auditLog).values({
    id: newId('aud'),
    projectId,
    actorKind: actor.kind,
    actorId: actorId(actor),
    actorEmail: actor.kind === 'user' ? actor.email : null,
    action,
    target,
    ip: actor.ip,
    metadata: metadata ?? null,
    createdAt: now,
  });
}

/**
 * An audit row written by a paired terminal (a PIN lockout, a refund at the
 * counter); `metadata` names the cashier when one was signed in.
 */
export async function recordTerminalAudit(
  db: Db,
  entry: {
    projectId: string;
    terminalId: string;
    action: string;
    target: string | null;
    ip: string | null;
    now: Date;
    metadata?: Record<string, unknown>;
  },
) {
  await db.insert(auditLog).values({
    id: newId('aud'),
    projectId: entry.projectId,
    actorKind: 'terminal',
    actorId: entry.terminalId,
    actorEmail: null,
    action: entry.action,
    target: entry.target,
    ip: entry.ip,
    metadata: entry.metadata ?? null,
    createdAt: entry.now,
  });
}
