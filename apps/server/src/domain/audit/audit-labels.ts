import { and, eq, inArray } from 'drizzle-orm';
import {
  apiKeys,
  type auditLog,
  identityUsers,
  memberships,
  staff,
  terminals,
  transactions,
  webhookEndpoints,
} from '../../db/schema';
import type { Db } from '../../platform/db';
import { formatMoney } from '../money';

type AuditRow = typeof auditLog.$inferSelect;

export interface AuditLabels {
  /** "Ada Lovelace (ada@example.com)" or "API key Register (sl_live_ab12…)". */
  actorLabel: string;
  /** What the action was done to, by name: a member, key, terminal, webhook, transaction. */
  targetLabel: string | null;
  /**
   * The actor's bare name ("Ada Lovelace (ada@example.com)", "Register (sl_live_ab12…)", the
   * terminal's label), null once it no longer exists: the console puts it in a sentence of the
   * reader's language, where the English labels above would read "Terminal Theke".
   */
  actorName: string | null;
  /** The target's bare name; null for a former member and for the project itself. */
  targetName: string | null;
}

const person = (name: string | null | undefined, email: string | null | undefined) =>
  name && email ? `${name} (${email})` : (name ?? email ?? null);

// Targets are stored as ids (people as uids); the log shows them by name, read once per page.
const kindOf = (target: string) => {
  const prefix = /^([a-z]+)_/.exec(target)?.[1];
  return prefix === 'key' ||
    prefix === 'trm' ||
    prefix === 'whk' ||
    prefix === 'txn' ||
    prefix === 'prj' ||
    prefix === 'dlv' ||
    prefix === 'stf' ||
    prefix === 'itm'
    ? prefix
    : target.includes('@')
      ? 'email'
      : 'uid';
};

/**
 * People and objects of a page of audit entries by name and email, in one query
 * per kind present. Objects deleted since keep their id; people who left keep the address
 * they had as members.
 */
export async function auditLabels(
  db: Db,
  projectId: string,
  rows: AuditRow[],
): Promise<Map<string, AuditLabels>> {
  const uids = new Set<string>();
  const keyIds = new Set<string>();
  const ids = {
    trm: new Set<string>(),
    whk: new Set<string>(),
    txn: new Set<string>(),
    stf: new Set<string>(),
  };
  for (const row of rows) {
    if (row.actorKind === 'user') uids.add(row.actorId);
    else if (row.actorKind === 'terminal') ids.trm.add(row.actorId);
    else keyIds.add(row.actorId);
    if (!row.target) continue;
    const kind = kindOf(row.target);
    if (kind === 'uid') uids.add(row.target);
    else if (kind === 'key') keyIds.add(row.target);
    else if (kind === 'trm' || kind === 'whk' || kind === 'txn' || kind === 'stf') ids[kind].add(row.target);
  }
  const list = (s: Set<string>) => [...s];
  const [people, members, keys, fleet, endpoints, payments, crew] = await Promise.all([
    uids.size
      ? db
          .select({ uid: identityUsers.uid, name: identityUsers.displayName, email: identityUsers.email })
          .from(identityUsers)
          .where(inArray(identityUsers.uid, list(uids)))
      : [],
    uids.size
      ? db
          .select({ uid: memberships.uid, email: memberships.email })
          .from(memberships)
          .where(and(eq(memberships.projectId, projectId), inArray(memberships.uid, list(uids))))
      : [],
    keyIds.size
      ? db
          .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix })
          .from(apiKeys)
          .where(and(eq(apiKeys.projectId, projectId), inArray(apiKeys.id, list(keyIds))))
      : [],
    ids.trm.size
      ? db
          .select({ id: terminals.id, label: terminals.label })
          .from(terminals)
          .where(and(eq(terminals.projectId, projectId), inArray(terminals.id, list(ids.trm))))
      : [],
    ids.whk.size
      ? db
          .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
          .from(webhookEndpoints)
          .where(and(eq(webhookEndpoints.projectId, projectId), inArray(webhookEndpoints.id, list(ids.whk))))
      : [],
    ids.txn.size
      ? db
          .select({
            id: transactions.id,
            amount: transactions.amount,
            currency: transactions.currency,
            reference: transactions.reference,
          })
          .from(transactions)
          .where(and(eq(transactions.projectId, projectId), inArray(transactions.id, list(ids.txn))))
      : [],
    // Staff by name (a deleted one keeps the name its entry recorded).
    ids.stf.size
      ? db
          .select({ id: staff.id, name: staff.name })
          .from(staff)
          .where(and(eq(staff.projectId, projectId), inArray(staff.id, list(ids.stf))))
      : [],
  ]);
  const personLabel = new Map<string, string>();
  for (const m of members) if (m.email) personLabel.set(m.uid, m.email);
  for (const p of people) {
    const label = person(p.name, p.email ?? personLabel.get(p.uid));
    if (label) personLabel.set(p.uid, label);
  }
  const labels = new Map<string, string>();
  for (const k of keys) labels.set(k.id, `API key ${k.name} (${k.prefix}…)`);
  for (const t of fleet) labels.set(t.id, `Terminal ${t.label}`);
  for (const c of crew) labels.set(c.id, c.name);
  for (const w of endpoints) labels.set(w.id, `Webhook ${w.url}`);
  // As a target the kind is in the console's sentence ("replaced the sticker of the terminal
  // {target}", in the reader's language), so a target is its bare name.
  const names = new Map<string, string>();
  for (const k of keys) names.set(k.id, `${k.name} (${k.prefix}…)`);
  for (const t of fleet) names.set(t.id, t.label);
  for (const w of endpoints) names.set(w.id, w.url);
  for (const p of payments)
    labels.set(
      p.id,
      `${formatMoney(p.amount, p.currency)}${p.reference ? ` · ${p.reference}` : ''} (${p.id})`,
    );

  const out = new Map<string, AuditLabels>();
  for (const row of rows) {
    const actorName =
      row.actorKind === 'user'
        ? (personLabel.get(row.actorId) ?? row.actorEmail ?? null)
        : (names.get(row.actorId) ?? null);
    const actorLabel =
      row.actorKind === 'user'
        ? (actorName ?? 'A former member')
        : row.actorKind === 'terminal'
          ? (labels.get(row.actorId) ?? 'A deleted terminal')
          : (labels.get(row.actorId) ?? 'A deleted API key');
    let targetName: string | null = null;
    let targetLabel: string | null = null;
    if (row.target) {
      const kind = kindOf(row.target);
      targetName =
        kind === 'uid'
          ? (personLabel.get(row.target) ?? null)
          : kind === 'email'
            ? row.target
            : kind === 'stf'
              ? (labels.get(row.target) ??
                (typeof row.metadata?.name === 'string' ? row.metadata.name : row.target))
              : kind === 'itm'
                ? // An item by the name its entry recorded (what it was called then).
                  typeof row.metadata?.name === 'string'
                  ? row.metadata.name
                  : row.target
                : kind === 'prj'
                  ? null
                  : (names.get(row.target) ?? labels.get(row.target) ?? row.target);
      targetLabel = targetName ?? (kind === 'prj' ? 'this project' : 'A former member');
    }
    out.set(row.id, { actorLabel, targetLabel, actorName, targetName });
  }
  return out;
}
