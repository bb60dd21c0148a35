import type { Role } from '@scanline/contracts';
import { AppError } from '../platform/errors';
import type { Actor } from './actor';

/** Issue 4's permission table, as data: which roles may do what. */
export const POLICY = {
  'project.read': ['owner', 'admin', 'member'],
  'team.read': ['owner', 'admin', 'member'],
  'keys.read': ['owner', 'admin', 'member'],
  'team.manage': ['owner', 'admin'],
  'keys.manage': ['owner', 'admin'],
  'project.edit': ['owner', 'admin'],
  'audit.read': ['owner', 'admin'],
  'project.delete': ['owner'],
  'project.transfer': ['owner'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof POLICY;

// Server-to-server keys read the project and, with mode `write`, edit it; people manage the
// team and the keys themselves.
const API_KEY_ACTIONS: Partial<Record<Action, 'read' | 'write'>> = {
  'project.read': 'read',
  'team.read': 'read',
  'keys.read': 'read',
  'project.edit': 'write',
};

export function authorize(actor: Actor, role: Role | null, action: Action) {
  if (actor.kind === 'api_key') {
    const needs = API_KEY_ACTIONS[action];
    if (!needs) throw new AppError('forbidden', 403, 'API keys cannot do this; sign in to the console.');
    if (needs === 'write' && actor.mode === 'read') {
      throw new AppError('api_key_read_only', 403, 'This API key is read-only.');
    }
    return;
  }
  if (!role || !(POLICY[action] as readonly Role[]).includes(role)) {
    throw new AppError('forbidden', 403, `Your role (${role ?? 'none'}) cannot do this.`);
  }
}
