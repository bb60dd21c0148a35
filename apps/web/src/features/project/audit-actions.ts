import type { AuditEntry } from '@scanline/contracts';
import { formatMoney } from '../../lib/money';

const ACTIONS: Record<string, string> = {
  'project.created': 'created the project',
  'project.updated': 'changed the project settings',
  'project.deleted': 'deleted the project',
  'project.restored': 'restored the project',
  'project.transferred': 'transferred ownership to',
  'member.added': 'joined as',
  'member.left': 'left the project',
  'member.removed': 'removed',
  'member.role_changed': 'changed the role of',
  'invitation.created': 'invited',
  'invitation.refreshed': 'invited again',
  'invitation.revoked': 'revoked the invitation of',
  'invitation.declined': 'declined the invitation',
  'api_key.created': 'created',
  'api_key.rolled': 'rolled',
  'api_key.revoked': 'revoked',
  'terminal.created': 'added',
  'terminal.updated': 'edited',
  'terminal.disabled': 'disabled',
  'terminal.enabled': 'enabled',
  'terminal.pairing_code_created': 'made a pairing code for',
  'terminal.sticker_rotated': 'replaced the sticker of',
  'webhook.created': 'added',
  'webhook.updated': 'edited',
  'webhook.deleted': 'deleted',
  'webhook.secret_rotated': 'rotated the signing secret of',
  'webhook.recovered': 're-enabled',
  'delivery.resent': 'resent delivery',
  'transaction.refund_requested': 'refunded',
  // Issue 26 §2.
  'staff.created': 'added staff member',
  'staff.updated': 'edited staff member',
  'staff.deleted': 'deleted staff member',
  'terminal.pin_locked': 'locked PIN sign-in after too many wrong PINs on',
};

const str = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * The audit entry as a sentence fragment after the actor: the verb, then the target (by name,
 * shown by the caller), then a detail ("changed the role of Ada Lovelace · member → admin").
 * A refund names its amount before the payment it came out of: "refunded €5.00 of €12.80 (txn_…)",
 * not "refunded €12.80 (txn_…) · €5.00", which reads as if all of it went back (issue 31 §12).
 */
export function describeAuditAction(a: AuditEntry): { verb: string; detail: string | null } {
  const m = a.metadata ?? {};
  const verb =
    a.action === 'project.mfa_requirement_changed'
      ? m.require_mfa
        ? 'turned on required two-step verification for'
        : 'turned off required two-step verification for'
      : (ACTIONS[a.action] ?? a.action);
  let detail: string | null = null;
  if (a.action === 'member.role_changed' && str(m.from) && str(m.to)) detail = `${m.from} → ${m.to}`;
  else if (a.action === 'transaction.refund_requested') {
    const refunded =
      typeof m.amount === 'number' && str(m.currency) ? formatMoney(m.amount, m.currency as string) : null;
    const reason = str(m.reason)?.replaceAll('_', ' ') ?? null;
    return { verb: refunded ? `refunded ${refunded} of` : verb, detail: reason };
  } else if (a.action === 'project.updated') detail = Object.keys(m).join(', ').replaceAll('_', ' ') || null;
  else if (a.action === 'api_key.created' && str(m.mode)) detail = `${m.mode} key`;
  else if ((a.action === 'staff.created' || a.action === 'staff.updated') && str(m.role))
    detail = String(m.role);
  return { verb, detail };
}
