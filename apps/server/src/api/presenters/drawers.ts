import { type Drawer, type DrawerMovement, drawerExpected } from '@scanline/contracts';
import type { DrawerState, MovementRow } from '../../domain/drawers/get-drawer';

export function presentDrawerMovement(m: MovementRow): DrawerMovement {
  return {
    id: m.id,
    type: m.type,
    amount: m.amount,
    reason: m.reason,
    actor: { kind: m.actorKind, id: m.actorId },
    cashier_id: m.cashierId,
    cashier_name: m.cashierName,
    created_at: m.createdAt.toISOString(),
  };
}

/** A terminal's drawer as it stands; a terminal with none open shows a closed drawer at zero. */
export function presentDrawer({ terminalId, currency, open }: DrawerState): Drawer {
  if (!open) {
    return {
      status: 'closed',
      id: null,
      terminal_id: terminalId,
      opened_at: null,
      currency,
      float: 0,
      cash_sales: 0,
      cash_refunds: 0,
      paid_in: 0,
      paid_out: 0,
      expected: 0,
      movements: [],
    };
  }
  const { drawer, figures } = open;
  return {
    status: 'open',
    id: drawer.id,
    terminal_id: terminalId,
    opened_at: drawer.openedAt.toISOString(),
    currency: drawer.currency,
    float: drawer.float,
    cash_sales: figures.sales,
    cash_refunds: figures.refunds,
    paid_in: figures.paid_in,
    paid_out: figures.paid_out,
    expected: drawerExpected({ float: drawer.float, ...figures }),
    movements: open.movements.map(presentDrawerMovement),
  };
}
