import type { AuditEntry } from '@scanline/contracts';
import type { auditLog } from '../../db/schema';

export function presentAudit(
  a: typeof auditLog.$inferSelect,
  labels:
    | { actorLabel: string; targetLabel: string | null; actorName: string | null; targetName: string | null }
    | undefined,
): AuditEntry {
  return {
    id: a.id,
    actor_kind: a.actorKind,
    actor_id: a.actorId,
    actor_email: a.actorEmail,
    actor_label: labels?.actorLabel ?? a.actorEmail ?? a.actorId,
    actor_name: labels ? labels.actorName : a.actorEmail,
    action: a.action,
    target: a.target,
    target_label: labels?.targetLabel ?? a.target,
    target_name: labels ? labels.targetName : a.target,
    ip: a.ip,
    metadata: a.metadata ?? null,
    created_at: a.createdAt.toISOString(),
  };
}
