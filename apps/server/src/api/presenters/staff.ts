import type { Cashier, CashierSession, Staff } from '@scanline/contracts';
import type { staff } from '../../db/schema';
import type { SignedInCashier } from '../../domain/staff/sign-in-cashier';

type StaffRow = typeof staff.$inferSelect;

/** Never the PIN's hash or lookup: a PIN cannot be read back, only replaced. */
export const presentStaff = (s: StaffRow): Staff => ({
  id: s.id,
  name: s.name,
  role: s.role,
  disabled: s.disabledAt !== null,
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
});

export const presentCashier = (s: Pick<StaffRow, 'id' | 'name' | 'role'>): Cashier => ({
  id: s.id,
  name: s.name,
  role: s.role,
});

export const presentCashierSession = (s: SignedInCashier): CashierSession => ({
  cashier: presentCashier(s.staff),
  cashier_session: s.token,
  idle_minutes: s.idleMinutes,
});
