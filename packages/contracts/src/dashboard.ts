import { z } from 'zod';

/** `GET /projects/{id}/dashboard`. Dates are calendar days in `time_zone`, inclusive. */
export const dashboardQuerySchema = z.strictObject({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  time_zone: z.string().min(1).max(64).optional(),
  terminal_id: z.string().min(1).max(64).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  /** `true` counts test payments (`source: cli`, made by `scanline trigger`) too; left out by default. */
  include_test: z
    .enum(['true', 'false'])
    .optional()
    .describe(
      '`true` counts test payments (`source: cli`, made by `scanline trigger`) too; by default they are left out.',
    ),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

export const dashboardFiguresSchema = z.object({
  /** Succeeded amount in minor units (refunds reported apart). */
  volume: z.number(),
  /** Succeeded payments. */
  count: z.number(),
  /** Every transaction created. */
  transactions: z.number(),
  failed: z.number(),
  /** succeeded / (succeeded + failed); null when neither happened. */
  success_rate: z.number().nullable(),
  average_ticket: z.number().nullable(),
  refunds: z.number(),
  refunded_amount: z.number(),
  scans: z.number(),
  scans_paid: z.number(),
  /** Paid scans / scans. */
  conversion: z.number().nullable(),
  /**
   * Median seconds from a scan to its payment (percentile_disc 0.5), to the second below one
   * minute, in 5-second bins to 5 minutes and 30-second bins beyond (the bin's start).
   */
  median_seconds_to_pay: z.number().nullable(),
  /**
   * Cards declined: every declined attempt, as a transaction's timeline and
   * `/metrics` count them, also on a payment a further card then paid.
   */
  declined: z
    .number()
    .describe('Declined card attempts, as the timeline counts them, also on payments a later card rescued.'),
  /** Of `declined`, those on a payment that succeeded afterwards with another card. */
  rescued: z
    .number()
    .describe('Of `declined`, those on a payment that succeeded afterwards with another card.'),
  /** `declined` by the provider's reason; the counts add up to `declined`. */
  declines: z.array(z.object({ code: z.string(), count: z.number() })),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const dashboardPointSchema = z.object({
  /** Local `yyyy-mm-dd` (per day) or `yyyy-mm-ddTHH:00` (per hour). */
  start: z.string(),
  volume: z.number(),
  count: z.number(),
  failed: z.number(),
  success_rate: z.number().nullable(),
  scans: z.number(),
  scans_paid: z.number(),
  refunded_amount: z.number(),
});
export type DashboardPoint = z.infer<typeof dashboardPointSchema>;

export const dashboardSchema = z.object({
  project_id: z.string(),
  /** The currency every amount of this answer is in: one currency, never converted. */
  currency: z.string(),
  /**
   * Every currency the range has payments in, biggest volume first, so a console
   * lists them and asks again with `currency=`: amounts are never summed across currencies.
   */
  currencies: z.array(z.object({ currency: z.string(), volume: z.number(), count: z.number() })),
  time_zone: z.string(),
  from: z.string(),
  to: z.string(),
  granularity: z.enum(['hour', 'day']),
  /** The rollups trail the raw rows by at most this many seconds. */
  lag_seconds: z.number(),
  totals: dashboardFiguresSchema,
  series: z.array(dashboardPointSchema),
  previous: z.object({ from: z.string(), to: z.string(), totals: dashboardFiguresSchema }),
  top_terminals: z.array(
    z.object({
      terminal_id: z.string(),
      label: z.string(),
      volume: z.number(),
      count: z.number(),
      success_rate: z.number().nullable(),
    }),
  ),
  terminals: z.object({ online: z.number(), total: z.number() }),
  /** Tips paid with the range's succeeded payments (minor units of `currency`). */
  tips: z.number(),
  /**
   * Takings per cashier over the range (succeeded payments, refunds not taken
   * off): `gross` is what was charged (amount + tip), `tips` the part that was tips. Payments
   * taken with no cashier are one row with `cashier_id: null`. Biggest gross first.
   */
  by_cashier: z.array(
    z.object({
      cashier_id: z.string().nullable(),
      name: z.string().nullable(),
      payments_count: z.number(),
      gross: z.number(),
      tips: z.number(),
    }),
  ),
  /**
   * Takings per tender method over the range: cash against card (docs/guide/tenders.md). From the
   * facts a close's `by_tender` reads: each succeeded tender of a payment that went through, its tip
   * included; a payment without tenders is one card tender. Payments by creation, as `volume`;
   * refunds not taken off. `method` in alphabetical order.
   */
  by_tender: z
    .array(z.object({ method: z.enum(['card', 'cash']), count: z.number(), amount: z.number() }))
    .describe(
      "Takings per tender method (card, cash) over the range, tips included, refunds not taken off: the facts a close's `by_tender` reads.",
    ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** `POST /demo-projects`: a business and project owned by the caller, filled with history. */
export const createDemoProjectSchema = z.strictObject({
  time_zone: z.string().min(1).max(64).optional(),
});
