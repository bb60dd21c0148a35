import type { Role } from '@scanline/contracts';
import { AppError } from '../platform/errors';
import type { Actor } from './actor';

/**
 * 's permission table, as data: which roles may do what. Each route names its action in
 * `api/route-access.ts`, and the route-table security test checks every role against this table.
 */
export const POLICY = {
  'project.read': ['owner', 'admin', 'member'],
  'team.read': ['owner', 'admin', 'member'],
  'keys.read': ['owner', 'admin', 'member'],
  'team.manage': ['owner', 'admin'],
  'keys.manage': ['owner', 'admin'],
  'project.edit': ['owner', 'admin'],
  'audit.read': ['owner', 'admin'],
  'logs.read': ['owner', 'admin'],
  'project.delete': ['owner'],
  // The payment core and webhooks: members read, admins act.
  'terminals.read': ['owner', 'admin', 'member'],
  'terminals.manage': ['owner', 'admin'],
  'transactions.read': ['owner', 'admin', 'member'],
  'transactions.create': ['owner', 'admin'],
  'transactions.refund': ['owner', 'admin'],
  'scans.read': ['owner', 'admin', 'member'],
  'events.read': ['owner', 'admin', 'member'],
  'dashboard.read': ['owner', 'admin', 'member'],
  'webhooks.read': ['owner', 'admin', 'member'],
  'webhooks.manage': ['owner', 'admin'],
  'webhooks.secret': ['owner', 'admin'],
  'project.transfer': ['owner'],
  // Staff and their PINs; people only (no API key action).
  'staff.manage': ['owner', 'admin'],
  // The books: members read closes and payouts; admins (and write keys) close the day.
  'closes.read': ['owner', 'admin', 'member'],
  'closes.create': ['owner', 'admin'],
  'payouts.read': ['owner', 'admin', 'member'],
  // The catalogue: members read it (paired terminals too, through the terminal API); admins edit.
  'items.read': ['owner', 'admin', 'member'],
  'items.manage': ['owner', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof POLICY;

// Server-to-server keys read the project and, with mode `write`, edit it; people manage the
// team and the keys themselves.
export const API_KEY_ACTIONS: Partial<Record<Action, 'read' | 'write'>> = {
  'project.read': 'read',
  'team.read': 'read',
  'keys.read': 'read',
  'project.edit': 'write',
  'terminals.read': 'read',
  'terminals.manage': 'write',
  'transactions.read': 'read',
  'transactions.create': 'write',
  'transactions.refund': 'write',
  'scans.read': 'read',
  'events.read': 'read',
  'dashboard.read': 'read',
  'webhooks.read': 'read',
  'webhooks.manage': 'write',
  'webhooks.secret': 'write',
  'closes.read': 'read',
  'closes.create': 'write',
  'payouts.read': 'read',
  'items.read': 'read',
  'items.manage': 'write',
};

export function authorize(actor: Actor, role: Role | null, action: Action) {
  if (actor.kind === 'api_key') {
    const needs = API_KEY_ACTIONS[action];
    if (!needs) throw new AppError('forbidden', 'API keys cannot do this; sign in to the console.');
    if (needs === 'write' && actor.mode === 'read') {
      throw new AppError('api_key_read_only', 'This API key is read-only.');
    }
    return;
  }
  if (!role || !(POLICY[action] as readonly Role[]).includes(role)) {
    throw new AppError('forbidden', `Your role (${role ?? 'none'}) cannot do this.`);
  }
}
