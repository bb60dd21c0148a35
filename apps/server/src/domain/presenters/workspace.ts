import type { ApiKey, AuditEntry, Business, Invitation, Member, Project, Role } from '@scanline/contracts';
import type { auditLog, memberships } from '../../db/schema';
import type { ApiKeyRow } from '../api-keys/api-key-rows';
import { rateOf } from '../books/vat';
import type { BusinessRow } from '../businesses/business-rows';
import { tippingOf } from '../payments/check-tip';
import type { ProjectRow } from '../projects/project-access';
import type { InvitationRow } from '../team/invitation-rows';

// Presenters decide exactly which fields leave the server; rows are never returned as they are.
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentBusiness(b: BusinessRow): Business {
  return {
    id: b.id,
    name: b.name,
    legal_name: b.legalName,
    country: b.country,
    default_currency: b.defaultCurrency,
    support_email: b.supportEmail,
    address: b.address
      ? {
          line1: b.address.line1 ?? '',
          line2: b.address.line2 ?? null,
          postal_code: b.address.postal_code ?? null,
          city: b.address.city ?? '',
          state: b.address.state ?? null,
          country: b.address.country ?? b.country,
        }
      : null,
    vat_id: b.vatId,
    payment_provider: b.paymentProvider,
    stripe_secret_key_last4: b.stripeSecretKeyLast4,
    stripe_publishable_key: b.stripePublishableKey,
    stripe_webhook_secret_set: Boolean(b.stripeWebhookSecretEnc),
    created_at: b.createdAt.toISOString(),
  };
}

export function presentProject(p: ProjectRow, role: Role | null): Project {
  return {
    id: p.id,
    name: p.name,
    business_id: p.businessId,
    time_zone: p.timeZone,
    currency: p.currency,
    terminal_offline_alert_minutes: p.terminalOfflineAlertMinutes ?? null,
    require_mfa: p.requireMfa,
    tipping: tippingOf(p.tipping),
    cashier_idle_minutes: p.cashierIdleMinutes,
    tax_rate: rateOf(p.taxRate),
    daily_close_time: p.dailyCloseTime ?? null,
    close_report_email: p.closeReportEmail,
    tips_taxable: p.tipsTaxable,
    payout_delay_days: p.payoutDelayDays,
    payout_time: p.payoutTime,
    allow_other_currencies: p.allowOtherCurrencies,
    // An API key acts at member level for reading.
    role: role ?? 'member',
    created_at: p.createdAt.toISOString(),
    deleted_at: iso(p.deletedAt),
  };
}

export function presentMember(row: {
  membership: typeof memberships.$inferSelect;
  displayName: string | null;
  currentEmail: string | null;
  mfaEnabled: boolean | null;
}): Member {
  return {
    user_id: row.membership.uid,
    email: row.currentEmail ?? row.membership.email,
    display_name: row.displayName,
    role: row.membership.role,
    mfa_enabled: row.mfaEnabled,
    created_at: row.membership.createdAt.toISOString(),
  };
}

export function presentInvitation(i: InvitationRow): Invitation {
  return {
    id: i.id,
    email: i.email,
    role: i.role,
    invited_by: i.invitedBy,
    created_at: i.createdAt.toISOString(),
    expires_at: i.expiresAt.toISOString(),
  };
}

export function presentApiKey(k: ApiKeyRow): ApiKey {
  return {
    id: k.id,
    name: k.name,
    mode: k.mode,
    prefix: k.prefix,
    created_by: k.createdBy,
    created_at: k.createdAt.toISOString(),
    last_used_at: iso(k.lastUsedAt),
    expires_at: iso(k.expiresAt),
    revoked_at: iso(k.revokedAt),
    previous_expires_at: iso(k.previousExpiresAt),
  };
}

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
