import type { AuditEntry } from '@scanline/contracts';
import { translate } from '../../lib/i18n/current-locale';
import { formatMoney } from '../../lib/money';
import type { MessageId } from '../../messages/keys';

const ACTIONS: Record<string, MessageId> = {
  'project.created': 'project.audit.projectCreated',
  'project.updated': 'project.audit.projectUpdated',
  'project.deleted': 'project.audit.projectDeleted',
  'project.restored': 'project.audit.projectRestored',
  'project.transferred': 'project.audit.projectTransferred',
  'member.added': 'project.audit.memberAdded',
  'member.left': 'project.audit.memberLeft',
  'member.removed': 'project.audit.memberRemoved',
  'member.role_changed': 'project.audit.memberRoleChanged',
  'invitation.created': 'project.audit.invitationCreated',
  'invitation.refreshed': 'project.audit.invitationRefreshed',
  'invitation.revoked': 'project.audit.invitationRevoked',
  'invitation.declined': 'project.audit.invitationDeclined',
  'api_key.created': 'project.audit.apiKeyCreated',
  'api_key.rolled': 'project.audit.apiKeyRolled',
  'api_key.revoked': 'project.audit.apiKeyRevoked',
  'terminal.created': 'project.audit.terminalCreated',
  'terminal.updated': 'project.audit.terminalUpdated',
  'terminal.disabled': 'project.audit.terminalDisabled',
  'terminal.enabled': 'project.audit.terminalEnabled',
  'terminal.pairing_code_created': 'project.audit.terminalPairingCodeCreated',
  'terminal.sticker_rotated': 'project.audit.terminalStickerRotated',
  'webhook.created': 'project.audit.webhookCreated',
  'webhook.updated': 'project.audit.webhookUpdated',
  'webhook.deleted': 'project.audit.webhookDeleted',
  'webhook.secret_rotated': 'project.audit.webhookSecretRotated',
  'webhook.recovered': 'project.audit.webhookRecovered',
  'delivery.resent': 'project.audit.deliveryResent',
  'transaction.refund_requested': 'project.audit.transactionRefundRequested',
  //
  'staff.created': 'project.audit.staffCreated',
  'staff.updated': 'project.audit.staffUpdated',
  'staff.deleted': 'project.audit.staffDeleted',
  'terminal.pin_locked': 'project.audit.terminalPinLocked',
  'terminal.unpaired': 'project.audit.terminalUnpaired',
  'item.created': 'project.audit.itemCreated',
  'item.updated': 'project.audit.itemUpdated',
  'item.archived': 'project.audit.itemArchived',
  'items.imported': 'project.audit.itemsImported',
};

const str = (v: unknown) => (typeof v === 'string' ? v : null);

// The values an entry's metadata holds are the API's enums; each is shown by its catalogue word.
const PROJECT_ROLES: Record<string, MessageId> = {
  owner: 'projects.role.owner',
  admin: 'projects.role.admin',
  member: 'projects.role.member',
};
const STAFF_ROLES: Record<string, MessageId> = {
  cashier: 'staff.role.cashier',
  manager: 'staff.role.manager',
};
const REFUND_REASONS: Record<string, MessageId> = {
  requested_by_customer: 'transactions.reason.requestedByCustomer',
  duplicate: 'transactions.reason.duplicate',
  fraudulent: 'transactions.reason.fraudulent',
  other: 'transactions.reason.other',
};
/** An enum by its word in the reader's language; a value the console does not know yet as it is. */
const label = (table: Record<string, MessageId>, value: unknown) => {
  const id = typeof value === 'string' ? table[value] : undefined;
  return id ? translate(id) : String(value);
};

/**
 * Who did it, in the reader's language: a person by name, "API key {name}", "Terminal {name}",
 * or that they are gone. The server's `actor_label` is English ("Terminal Theke").
 */
export function auditActor(a: AuditEntry): string {
  const name = a.actor_name ?? null;
  if (a.actor_kind === 'user') return name ?? translate('project.audit.formerMember');
  if (a.actor_kind === 'terminal')
    return name
      ? translate('project.audit.actorTerminal', { name })
      : translate('project.audit.deletedTerminal');
  return name ? translate('project.audit.actorApiKey', { name }) : translate('project.audit.deletedApiKey');
}

/** What it was done to, by name, for the sentence's `{target}`: the project and a former member in the reader's words. */
export function auditTarget(a: AuditEntry): string {
  if (a.target_name) return a.target_name;
  if (!a.target || a.target.startsWith('prj_')) return translate('project.audit.thisProject');
  return translate('project.audit.formerMember');
}

/**
 * The audit entry as one sentence from the catalogue after the actor, its target (by name) an
 * argument inside it, so each language puts it where its word order wants it ("hat den Aufkleber
 * des Terminals Theke erneuert"), then a detail ("· member → admin"). A refund names its amount
 * before the payment it came out of: "refunded €5.00 of €12.80 (txn_…)", not "refunded €12.80
 * (txn_…) · €5.00", which reads as if all of it went back (docs/guide/payouts.md).
 */
export function describeAuditAction(a: AuditEntry): {
  id: MessageId | null;
  values: Record<string, string>;
  detail: string | null;
} {
  const m = a.metadata ?? {};
  const id: MessageId | null =
    a.action === 'project.mfa_requirement_changed'
      ? m.require_mfa
        ? 'project.audit.mfaOn'
        : 'project.audit.mfaOff'
      : (ACTIONS[a.action] ?? null);
  let detail: string | null = null;
  if (a.action === 'member.role_changed' && str(m.from) && str(m.to))
    detail = `${label(PROJECT_ROLES, m.from)} → ${label(PROJECT_ROLES, m.to)}`;
  else if (a.action === 'transaction.refund_requested') {
    const refunded =
      typeof m.amount === 'number' && str(m.currency) ? formatMoney(m.amount, m.currency as string) : null;
    const reason = str(m.reason) ? label(REFUND_REASONS, m.reason) : null;
    return refunded
      ? { id: 'project.audit.refundedOf', values: { amount: refunded }, detail: reason }
      : { id, values: {}, detail: reason };
  } else if (a.action === 'project.updated') detail = Object.keys(m).join(', ').replaceAll('_', ' ') || null;
  else if (a.action === 'api_key.created' && str(m.mode))
    detail = translate('project.audit.keyMode', { mode: String(m.mode) });
  else if ((a.action === 'staff.created' || a.action === 'staff.updated') && str(m.role))
    detail = label(STAFF_ROLES, m.role);
  else if (a.action === 'items.imported' && typeof m.created === 'number' && typeof m.updated === 'number')
    detail = `+${m.created} · ~${m.updated}`;
  return { id, values: {}, detail };
}
