import { sql } from 'drizzle-orm';
import {
  apiKeys,
  auditLog,
  businesses,
  identityUsers,
  invitations,
  memberships,
  projects,
} from '../../db/schema';
import type { ListSpec } from './list-query';

// What the workspace lists filter and sort on, newest first by default. Sorts other
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

/**
 * Members of one project (joined with their identity profile). Sorts read the project's own
 * index (memberships_project_list_idx, memberships_project_email_idx, memberships_project_role_idx).
 */
export const memberListSpec: ListSpec = {
  columns: {
    created_at: { column: memberships.createdAt, type: 'date', sortable: true },
    // The address at join time may be missing (any identity provider): sorts as ''.
    email: { column: sql`coalesce(${memberships.email}, '')`, type: 'text', sortable: true },
    display_name: { column: identityUsers.displayName, type: 'text' },
    role: { column: memberships.role, type: 'text', values: ['owner', 'admin', 'member'], sortable: true },
  },
  id: memberships.uid,
  defaultSort: { field: 'created_at', direction: 'desc' },
};

/** Pending invitations of one project. */
export const invitationListSpec: ListSpec = {
  columns: {
    created_at: { column: invitations.createdAt, type: 'date', sortable: true },
    email: { column: invitations.email, type: 'text', sortable: true },
    role: { column: invitations.role, type: 'text', values: ['admin', 'member'] },
    expires_at: { column: invitations.expiresAt, type: 'date' },
  },
  id: invitations.id,
  defaultSort: { field: 'created_at', direction: 'desc' },
};

/**
 * The caller's projects (memberships joined with projects): a person's own list, at most a
 * few hundred rows, read through memberships_uid_idx and sorted after the join.
 */
export const projectListSpec: ListSpec = {
  columns: {
    created_at: { column: projects.createdAt, type: 'date', sortable: true },
    name: { column: projects.name, type: 'text', sortable: true },
    currency: { column: projects.currency, type: 'text' },
    time_zone: { column: projects.timeZone, type: 'text' },
    role: { column: memberships.role, type: 'text', values: ['owner', 'admin', 'member'] },
  },
  id: projects.id,
  defaultSort: { field: 'created_at', direction: 'desc' },
};
