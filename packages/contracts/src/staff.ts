import { z } from 'zod';

// Cashiers on the terminal: a project's staff sign in to a terminal with a PIN.

const timestamp = z.string();

export const STAFF_ROLES = ['cashier', 'manager'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** 4–6 digits; unique in the project. */
export const pinSchema = z.string().regex(/^[0-9]{4,6}$/, '4 to 6 digits');
const staffName = z.string().trim().min(1).max(80);

export const staffSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  disabled: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Staff = z.infer<typeof staffSchema>;

export const createStaffSchema = z.strictObject({ name: staffName, pin: pinSchema, role: staffRoleSchema });
export type CreateStaff = z.infer<typeof createStaffSchema>;
export const updateStaffSchema = z.strictObject({
  name: staffName.optional(),
  role: staffRoleSchema.optional(),
  pin: pinSchema.optional(),
  disabled: z.boolean().optional(),
});
export type UpdateStaff = z.infer<typeof updateStaffSchema>;

/** A project's staff are few (a café's shifts): listed whole, no paging. */
export const STAFF_MAX = 200;
export const staffListSchema = z.object({ data: z.array(staffSchema) });

export { CASHIER_IDLE_MINUTES, PIN_LOCKOUT } from './staff-constants';

export const cashierSchema = z.object({ id: z.string(), name: z.string(), role: staffRoleSchema });
export type Cashier = z.infer<typeof cashierSchema>;
export const cashierSignInSchema = z.strictObject({ pin: pinSchema });
export const cashierSessionSchema = z.object({
  cashier: cashierSchema,
  /** Send as the `Cashier-Session` header; ends after the project's idle minutes without a request. */
  cashier_session: z.string(),
  idle_minutes: z.number().int(),
});
export type CashierSession = z.infer<typeof cashierSessionSchema>;
