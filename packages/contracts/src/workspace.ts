import { z } from 'zod';
import { clockTimeSchema, PAYOUT_DELAY_DAYS, taxRateSchema } from './books';
import { AMOUNT_MAX } from './payment-constants';
import { CASHIER_IDLE_MINUTES } from './staff-constants';
import { TIP_LIMITS } from './tips';

export const ROLES = ['owner', 'admin', 'member'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;
export const invitableRoleSchema = z.enum(['admin', 'member']);

export const countrySchema = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code, e.g. US');
export const currencySchema = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code, e.g. USD');
export const timeZoneSchema = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'an IANA time zone, e.g. Europe/Paris');
const name = z.string().trim().min(1).max(120);
const stripePublishableKeySchema = z
  .string()
  .regex(/^pk_(test|live)_[A-Za-z0-9]{8,}$/, 'a Stripe publishable key (pk_…)');
const email = z.email().max(254);
const timestamp = z.string();

export const businessSchema = z.object({
  id: z.string(),
  name: z.string(),
  legal_name: z.string().nullable(),
  country: z.string(),
  default_currency: z.string(),
  support_email: z.string().nullable(),
  /** Printed on receipts. */
  address: z
    .object({
      line1: z.string(),
      line2: z.string().nullable(),
      postal_code: z.string().nullable(),
      city: z.string(),
      state: z.string().nullable(),
      country: z.string(),
    })
    .nullable(),
  /** VAT identification (or other tax) number, printed on receipts. */
  vat_id: z.string().nullable(),
  payment_provider: z.enum(['simulator', 'stripe']),
  stripe_secret_key_last4: z.string().nullable(),
  stripe_publishable_key: z.string().nullable(),
  stripe_webhook_secret_set: z.boolean(),
  created_at: timestamp,
});
export type Business = z.infer<typeof businessSchema>;

const addressPart = (max: number) => z.string().trim().min(1).max(max);
/** The business's postal address, as receipts print it. */
export const businessAddressSchema = z.strictObject({
  line1: addressPart(200),
  line2: addressPart(200).optional(),
  /** Optional: some countries have none. */
  postal_code: addressPart(20).optional(),
  city: addressPart(120),
  /** State, province or region where addresses carry one (US, CA, AU…). */
  state: addressPart(120).optional(),
  country: countrySchema,
});
export type BusinessAddress = z.infer<typeof businessAddressSchema>;
/** A VAT ID (DE123456789, ATU12345678) or another tax number: letters and digits, with spaces, dots, dashes or slashes. */
export const vatIdSchema = z
  .string()
  .trim()
  .min(4)
  .max(32)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, 'letters and digits, e.g. DE123456789');
export const createBusinessSchema = z.strictObject({
  name,
  legal_name: name.optional(),
  country: countrySchema,
  default_currency: currencySchema,
  support_email: email.optional(),
  address: businessAddressSchema.optional(),
  vat_id: vatIdSchema.optional(),
  payment_provider: z.enum(['simulator', 'stripe']).default('simulator'),
  stripe_secret_key: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, 'a Stripe secret key')
    .optional(),
  stripe_webhook_secret: z
    .string()
    .regex(/^whsec_[A-Za-z0-9]{8,}$/, 'a Stripe webhook secret')
    .optional(),
  /** What the shopper page's Payment Element loads Stripe.js with. */
  stripe_publishable_key: stripePublishableKeySchema.optional(),
});
export const updateBusinessSchema = createBusinessSchema.partial().extend({
  // No default here: leaving it out of a PATCH keeps the current provider.
  payment_provider: z.enum(['simulator', 'stripe']).optional(),
  legal_name: name.nullable().optional(),
  support_email: email.nullable().optional(),
  address: businessAddressSchema.nullable().optional(),
  vat_id: vatIdSchema.nullable().optional(),
  stripe_publishable_key: stripePublishableKeySchema.nullable().optional(),
});

/** A wallet's state on the pay page's domain, as Stripe reports it. */
const walletStatusSchema = z
  .object({
    status: z.enum(['active', 'inactive']),
    /** Why it is inactive (Stripe's words), e.g. the association file could not be read. */
    detail: z.string().nullable(),
  })
  .nullable();

/**
 * Apple Pay and Google Pay on the pay page of a Stripe business (docs/guide/wallets.md): the
 * pay page's domain, whether it is registered with Stripe, and each wallet's state there.
 */
export const walletDomainSchema = z.object({
  /** `simulator`: the pay page's own wallet sheet stands for the wallets; nothing is registered. */
  provider: z.enum(['simulator', 'stripe']),
  /** The pay page's host (PUBLIC_URL). */
  domain: z.string(),
  registered: z.boolean(),
  /** Stripe's `pmd_…` once registered. */
  payment_method_domain_id: z.string().nullable(),
  enabled: z.boolean(),
  apple_pay: walletStatusSchema,
  google_pay: walletStatusSchema,
  /** This server serves the Apple Pay domain association file (APPLE_PAY_DOMAIN_ASSOCIATION_FILE). */
  apple_pay_association: z.boolean(),
});
export type WalletDomain = z.infer<typeof walletDomainSchema>;

/** The project's `tipping` setting (defaults in DEFAULT_TIPPING: off). */
export const tippingSchema = z.strictObject({
  enabled: z.boolean(),
  percentages: z
    .array(z.number().int().min(TIP_LIMITS.percentMin).max(TIP_LIMITS.percentMax))
    .max(TIP_LIMITS.choices),
  fixed_amounts: z.array(z.number().int().positive().max(AMOUNT_MAX)).max(TIP_LIMITS.choices),
  smart_threshold: z.number().int().min(0).max(AMOUNT_MAX).nullable(),
  allow_custom: z.boolean(),
});

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  business_id: z.string(),
  time_zone: z.string(),
  currency: z.string(),
  /** Email owner and admins when a terminal stays offline this long; null = off. */
  terminal_offline_alert_minutes: z.number().int().nullable(),
  /** Members reach the project only from a session that passed a second factor. */
  require_mfa: z.boolean(),
  /** Tips asked on the shopper's phone. */
  tipping: tippingSchema,
  /** A cashier session ends after this many minutes without a request. */
  cashier_idle_minutes: z.number().int(),
  /** VAT included in amounts, in percent; null = none. */
  tax_rate: z.number().nullable(),
  /** The daily close of every terminal with activity, "HH:MM" in the project's zone; null = none. */
  daily_close_time: z.string().nullable(),
  /** Email each close's report to the owner and admins. */
  close_report_email: z.boolean(),
  /** VAT applies to tips too; false (the default): a voluntary tip is outside VAT. */
  tips_taxable: z.boolean(),
  /** Days after a payment's local date until it may be paid out, 0–7. */
  payout_delay_days: z.number().int(),
  /** The daily payout run, "HH:MM" in the project's zone. */
  payout_time: z.string(),
  /**
   * Terminals and the console charge in `currency` only, unless this is on. A
   * register's API key names the currency it means and is not held to it.
   */
  allow_other_currencies: z.boolean(),
  role: roleSchema,
  created_at: timestamp,
  deleted_at: timestamp.nullable(),
});
export type Project = z.infer<typeof projectSchema>;
export const createProjectSchema = z.strictObject({
  name,
  business_id: z.string().min(1).max(64),
  time_zone: timeZoneSchema,
  currency: currencySchema,
});
export const TERMINAL_OFFLINE_ALERT_MINUTES = { min: 1, max: 1440 } as const;
export const updateProjectSchema = createProjectSchema.partial().extend({
  terminal_offline_alert_minutes: z
    .number()
    .int()
    .min(TERMINAL_OFFLINE_ALERT_MINUTES.min)
    .max(TERMINAL_OFFLINE_ALERT_MINUTES.max)
    .nullable()
    .optional(),
  require_mfa: z.boolean().optional(),
  /** Any of the fields; the others keep their value. */
  tipping: tippingSchema.partial().strict().optional(),
  cashier_idle_minutes: z
    .number()
    .int()
    .min(CASHIER_IDLE_MINUTES.min)
    .max(CASHIER_IDLE_MINUTES.max)
    .optional(),
  tax_rate: taxRateSchema.nullable().optional(),
  daily_close_time: clockTimeSchema.nullable().optional(),
  close_report_email: z.boolean().optional(),
  tips_taxable: z.boolean().optional(),
  payout_delay_days: z.number().int().min(PAYOUT_DELAY_DAYS.min).max(PAYOUT_DELAY_DAYS.max).optional(),
  payout_time: clockTimeSchema.optional(),
  allow_other_currencies: z.boolean().optional(),
});
export const transferProjectSchema = z.strictObject({ to_user_id: z.string().min(1).max(128) });

export const memberSchema = z.object({
  user_id: z.string(),
  email: z.string().nullable(),
  display_name: z.string().nullable(),
  role: roleSchema,
  /** Whether the member has a second factor enrolled; null when another identity provider signs people in. */
  mfa_enabled: z.boolean().nullable(),
  created_at: timestamp,
});
export type Member = z.infer<typeof memberSchema>;
export const updateMemberSchema = z.strictObject({ role: invitableRoleSchema });

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: invitableRoleSchema,
  invited_by: z.string(),
  created_at: timestamp,
  expires_at: timestamp,
});
export type Invitation = z.infer<typeof invitationSchema>;
/** An address an invitation batch refused, and why. */
export const refusedInvitationSchema = z.object({
  email: z.string(),
  code: z.enum(['invalid_email', 'already_member']),
  message: z.string(),
});
export type RefusedInvitation = z.infer<typeof refusedInvitationSchema>;
export const isEmailAddress = (value: string) => email.safeParse(value).success;

export const createInvitationsSchema = z.strictObject({
  // Each address is checked on its own: bad ones are refused, the rest invited.
  emails: z.array(z.string().trim().min(1).max(254)).min(1).max(20),
  role: invitableRoleSchema,
});
export const invitationPreviewSchema = z.object({
  project_id: z.string(),
  project_name: z.string(),
  role: invitableRoleSchema,
  email: z.string(),
  invited_by: z.string().nullable(),
  /** Who sent it, by name or email; null when they are gone. */
  inviter: z.string().nullable(),
  expires_at: timestamp,
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(['read', 'write']),
  prefix: z.string(),
  created_by: z.string(),
  created_at: timestamp,
  last_used_at: timestamp.nullable(),
  expires_at: timestamp.nullable(),
  revoked_at: timestamp.nullable(),
  previous_expires_at: timestamp.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
/** `GET /api/v1/api-key`: the key making the request and its project (what tools such as `listen` start from). */
export const currentApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(['read', 'write']),
  prefix: z.string(),
  project: z.object({
    id: z.string(),
    name: z.string(),
    currency: z.string(),
    payment_provider: z.enum(['simulator', 'stripe']),
  }),
});
export type CurrentApiKey = z.infer<typeof currentApiKeySchema>;
export const createApiKeySchema = z.strictObject({
  name,
  mode: z.enum(['read', 'write']),
  expires_at: z.iso.datetime().optional(),
});
export const rollApiKeySchema = z.strictObject({
  grace_period_seconds: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .default(0),
});
/** The one answer that carries the secret. */
export const apiKeyWithSecretSchema = apiKeySchema.extend({ secret: z.string() });

export const auditEntrySchema = z.object({
  id: z.string(),
  actor_kind: z.enum(['user', 'api_key', 'terminal']),
  actor_id: z.string(),
  actor_email: z.string().nullable(),
  /**
   * Who, as an English label ("Ada Lovelace (ada@example.com)", "API key Register (sl_…)",
   * "Terminal Front till", "A former member"); kept for existing clients. A screen in another
   * language uses `actor_kind` and `actor_name` instead.
   */
  actor_label: z.string(),
  /** Who, by bare name (a person's name and email, a key's name and prefix, a terminal's label); null once deleted. */
  actor_name: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  /** What it was done to, by name (a member, key, terminal, webhook, transaction), in English for a former member or the project. */
  target_label: z.string().nullable(),
  /** What it was done to, by bare name; null when there is no target, for a former member, and for the project itself. */
  target_name: z.string().nullable(),
  ip: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  created_at: timestamp,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const myProjectSchema = projectSchema.pick({
  id: true,
  name: true,
  role: true,
  currency: true,
  require_mfa: true,
});
