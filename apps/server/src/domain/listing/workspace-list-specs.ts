import { apiKeys, auditLog, businesses } from '../../db/schema';
import type { ListSpec } from './list-query';

// What the workspace lists filter and sort on (issue 9), newest first by default. Sorts other
// than created_at read at most a few hundred rows per owner or project (bounded lists).

export const apiKeyListSpec: ListSpec = {
  columns: {
    created_at: { column: apiKeys.createdAt, type: 'date', sortable: true },
    name: { column: apiKeys.name, type: 'text', sortable: true },
    mode: { column: apiKeys.mode, type: 'text', values: ['read', 'write'] },
    prefix: { column: apiKeys.prefix, type: 'text' },
    last_used_at: { column: apiKeys.lastUsedAt, type: 'date' },
  },
  id: apiKeys.id,
  defaultSort: { field: 'created_at', direction: 'desc' },
};

export const businessListSpec: ListSpec = {
  columns: {
    created_at: { column: businesses.createdAt, type: 'date', sortable: true },
    name: { column: businesses.name, type: 'text', sortable: true },
    country: { column: businesses.country, type: 'text' },
    default_currency: { column: businesses.defaultCurrency, type: 'text' },
  },
  id: businesses.id,
  defaultSort: { field: 'created_at', direction: 'desc' },
};

export const auditListSpec: ListSpec = {
  columns: {
    created_at: { column: auditLog.createdAt, type: 'date', sortable: true },
    action: { column: auditLog.action, type: 'text' },
    actor_email: { column: auditLog.actorEmail, type: 'text' },
    target: { column: auditLog.target, type: 'text' },
  },
  id: auditLog.id,
  defaultSort: { field: 'created_at', direction: 'desc' },
};
