import { AppError } from '../../platform/errors';
import { type CashierOnDuty, cashierRequired } from './resolve-cashier-session';

/**
 * Refunds and closes made from a device need a manager's cashier session; a
 * cashier's is `403 manager_required`, none is `401 cashier_required`. (Closes call this too.)
 */
export function requireManager(cashier: CashierOnDuty | null | undefined): CashierOnDuty {
  if (!cashier) throw cashierRequired('A manager must sign in on this terminal first.');
  if (cashier.role !== 'manager') {
    throw new AppError(
      'manager_required',
      `${cashier.name} is a cashier; a manager must sign in to do this.`,
    );
  }
  return cashier;
}
