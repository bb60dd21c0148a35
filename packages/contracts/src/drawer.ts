import { z } from 'zod';
import { AMOUNT_MAX } from './payment-constants';
import { DRAWER_REASON_MAX } from './tenders';

// The cash drawer of a terminal (docs/guide/drawer.md): a float, cash sales and refunds, money
// paid in and out, counted at the close.

export const DRAWER_MOVEMENT_TYPES = ['paid_in', 'paid_out', 'no_sale'] as const;
export type DrawerMovementType = (typeof DRAWER_MOVEMENT_TYPES)[number];
/** The most a drawer's float or a count may be (minor units). */
export const cashCountSchema = z.number().int().min(0).max(AMOUNT_MAX);
export { DRAWER_REASON_MAX };

/** `POST …/drawer/open`: the cash put in the drawer to give change from (project currency). */
export const openDrawerSchema = z.strictObject({ float: cashCountSchema });
export type OpenDrawer = z.infer<typeof openDrawerSchema>;

/** `POST …/drawer/movements`: paid in, paid out (an amount) or opened with no sale (none). */
export const createDrawerMovementSchema = z
  .strictObject({
    type: z.enum(DRAWER_MOVEMENT_TYPES),
    amount: z.number().int().positive().max(AMOUNT_MAX).optional(),
    reason: z.string().trim().min(1).max(DRAWER_REASON_MAX),
  })
  .superRefine((m, ctx) => {
    if (m.type === 'no_sale' && m.amount !== undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A no sale moves no money' });
    if (m.type !== 'no_sale' && m.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Required for paid in and paid out' });
  });
export type CreateDrawerMovement = z.infer<typeof createDrawerMovementSchema>;

export const drawerMovementSchema = z.object({
  id: z.string(),
  type: z.enum(DRAWER_MOVEMENT_TYPES),
  /** Minor units; 0 for no_sale. */
  amount: z.number().int(),
  reason: z.string(),
  /** Who: `device` (with its cashier, when one was signed in), `user` or `api_key`. */
  actor: z.object({ kind: z.enum(['device', 'user', 'api_key']), id: z.string().nullable() }),
  cashier_id: z.string().nullable(),
  cashier_name: z.string().nullable(),
  created_at: z.string(),
});
export type DrawerMovement = z.infer<typeof drawerMovementSchema>;

/**
 * A terminal's drawer as it stands. `expected` = float + cash_sales − cash_refunds + paid_in −
 * paid_out. Closed (no drawer open): every figure 0, `opened_at` null, no movements.
 */
export const drawerSchema = z.object({
  status: z.enum(['open', 'closed']),
  id: z.string().nullable(),
  terminal_id: z.string(),
  opened_at: z.string().nullable(),
  currency: z.string(),
  float: z.number().int(),
  cash_sales: z.number().int(),
  cash_refunds: z.number().int(),
  paid_in: z.number().int(),
  paid_out: z.number().int(),
  expected: z.number().int(),
  movements: z.array(drawerMovementSchema),
});
export type Drawer = z.infer<typeof drawerSchema>;

/** A close's cash: the drawer it ended. `counted`/`variance` null when nobody counted (a scheduled close). */
export const closeCashSchema = z.object({
  float: z.number().int(),
  sales: z.number().int(),
  refunds: z.number().int(),
  paid_in: z.number().int(),
  paid_out: z.number().int(),
  expected: z.number().int(),
  counted: z.number().int().nullable(),
  /** counted − expected: negative when cash is missing. */
  variance: z.number().int().nullable(),
});
export type CloseCash = z.infer<typeof closeCashSchema>;

/** `POST …/closes`: the cash counted in the drawer, required when a drawer is open. */
export const createCloseSchema = z.strictObject({ counted_cash: cashCountSchema.optional() });
export type CreateClose = z.infer<typeof createCloseSchema>;

/** expected = float + sales − refunds + paid in − paid out: one formula for the server and the terminal. */
export const drawerExpected = (d: {
  float: number;
  sales: number;
  refunds: number;
  paid_in: number;
  paid_out: number;
}) => d.float + d.sales - d.refunds + d.paid_in - d.paid_out;
