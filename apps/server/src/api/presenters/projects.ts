import type { Project, Role } from '@scanline/contracts';
import { rateOf } from '../../domain/books/vat';
import { tippingOf } from '../../domain/payments/check-tip';
import type { ProjectRow } from '../../domain/projects/project-access';
import { iso } from './iso';

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
