import { SEARCH_RESULTS_PER_KIND, type SearchResult } from '@scanline/contracts';
import { and, asc, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { apiKeys, memberships, terminals, transactions, webhookEndpoints } from '../../db/schema';
import type { Db } from '../../platform/db';
import { formatMoney } from '../money';
import { foldedC, likeContains, likePrefix } from './prefix-pattern';

// One finder per kind. Each reads only the authorised project's rows (project_id leads every
// condition and every index used) and only through indexed exact or prefix matches.

const LIMIT = SEARCH_RESULTS_PER_KIND;
const CARD_LAST4 = /^\d{4}$/;

type TransactionHit = {
  id: string;
  reference: string | null;
  amount: number;
  currency: string;
  status: string;
  cardLast4: string | null;
};

const transactionColumns = {
  id: transactions.id,
  reference: transactions.reference,
  amount: transactions.amount,
  currency: transactions.currency,
  status: transactions.status,
  cardLast4: transactions.cardLast4,
};

/** The rows in order, each id once (an id can match two ways, e.g. as label and serial). */
function uniqueById<T extends { id: string }>(rows: T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
}

/** The three transaction lookups, exported apart so the bench can EXPLAIN each. */
export const transactionQueries = {
  byId: (db: Db, projectId: string, q: string) =>
    db
      .select(transactionColumns)
      .from(transactions)
      .where(and(eq(transactions.projectId, projectId), eq(transactions.id, q)))
      .limit(1),
  byReference: (db: Db, projectId: string, q: string) =>
    db
      .select(transactionColumns)
      .from(transactions)
      .where(
        and(
          eq(transactions.projectId, projectId),
          // Matches the partial index's condition, which the planner cannot infer from the LIKE.
          isNotNull(transactions.reference),
          sql`${foldedC(transactions.reference)} like lower(${likePrefix(q)})`,
        ),
      )
      .orderBy(foldedC(transactions.reference), asc(transactions.id))
      .limit(LIMIT),
  byCardLast4: (db: Db, projectId: string, last4: string) =>
    db
      .select(transactionColumns)
      .from(transactions)
      .where(and(eq(transactions.projectId, projectId), eq(transactions.cardLast4, last4)))
      .orderBy(sql`${transactions.createdAt} desc nulls first`, sql`${transactions.id} desc nulls first`)
      .limit(LIMIT),
};

export async function findTransactions(db: Db, projectId: string, q: string): Promise<SearchResult[]> {
  const [byId, byReference, byCard] = await Promise.all([
    q.startsWith('txn_') ? transactionQueries.byId(db, projectId, q) : [],
    transactionQueries.byReference(db, projectId, q),
    CARD_LAST4.test(q) ? transactionQueries.byCardLast4(db, projectId, q) : [],
  ]);
  return uniqueById<TransactionHit>([...byId, ...byReference, ...byCard])
    .slice(0, LIMIT)
    .map((t) => ({
      id: t.id,
      kind: 'transaction',
      title: t.reference ?? t.id,
      subtitle: [
        formatMoney(t.amount, t.currency),
        t.status.replace(/_/g, ' '),
        t.cardLast4 ? `•••• ${t.cardLast4}` : null,
        t.reference ? t.id : null,
      ]
        .filter(Boolean)
        .join(' · '),
      url: `/p/${projectId}/transactions/${t.id}`,
    }));
}

const terminalColumns = {
  id: terminals.id,
  label: terminals.label,
  serial: terminals.serial,
  status: terminals.status,
};

/**
 * Label prefix and serial prefix as two index ranges rather than one OR (which reads every
 * terminal of the project: fine for 20, not for a fleet of thousands).
 */
export const terminalQueries = {
  byId: (db: Db, projectId: string, q: string) =>
    db
      .select(terminalColumns)
      .from(terminals)
      .where(and(eq(terminals.projectId, projectId), eq(terminals.id, q)))
      .limit(1),
  byLabel: (db: Db, projectId: string, q: string) =>
    db
      .select(terminalColumns)
      .from(terminals)
      .where(
        and(
          eq(terminals.projectId, projectId),
          sql`${foldedC(terminals.label)} like lower(${likePrefix(q)})`,
        ),
      )
      .orderBy(foldedC(terminals.label))
      .limit(LIMIT),
  bySerial: (db: Db, projectId: string, q: string) =>
    db
      .select(terminalColumns)
      .from(terminals)
      .where(
        and(
          eq(terminals.projectId, projectId),
          sql`${foldedC(terminals.serial)} like lower(${likePrefix(q)})`,
        ),
      )
      .orderBy(foldedC(terminals.serial))
      .limit(LIMIT),
};

export async function findTerminals(db: Db, projectId: string, q: string): Promise<SearchResult[]> {
  const found = await Promise.all([
    q.startsWith('trm_') ? terminalQueries.byId(db, projectId, q) : [],
    terminalQueries.byLabel(db, projectId, q),
    terminalQueries.bySerial(db, projectId, q),
  ]);
  return uniqueById(found.flat())
    .slice(0, LIMIT)
    .map((t) => ({
      id: t.id,
      kind: 'terminal',
      title: t.label,
      subtitle: [t.serial, t.status].filter(Boolean).join(' · '),
      url: `/p/${projectId}/terminals/${t.id}`,
    }));
}

export const memberQuery = (db: Db, projectId: string, q: string) =>
  db
    .select({ uid: memberships.uid, email: memberships.email, role: memberships.role })
    .from(memberships)
    .where(
      and(
        eq(memberships.projectId, projectId),
        sql`${foldedC(memberships.email)} like lower(${likePrefix(q)})`,
      ),
    )
    .orderBy(foldedC(memberships.email), asc(memberships.uid))
    .limit(LIMIT);

export async function findMembers(db: Db, projectId: string, q: string): Promise<SearchResult[]> {
  const rows = await memberQuery(db, projectId, q);
  return rows.map((m) => ({
    id: m.uid,
    kind: 'member',
    title: m.email ?? m.uid,
    subtitle: m.role,
    // The members list filtered to this address: the console has no page per member.
    url: `/p/${projectId}/members${m.email ? `?${new URLSearchParams({ 'email[equals]': m.email })}` : ''}`,
  }));
}

// A project has a handful of keys and endpoints: its project index finds them, and the prefix
// or substring test runs on those few rows.
export async function findApiKeys(db: Db, projectId: string, q: string): Promise<SearchResult[]> {
  const rows = await db
    .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.projectId, projectId),
        or(
          sql`${apiKeys.prefix} like ${likePrefix(q)}`,
          sql`lower(${apiKeys.name}) like lower(${likePrefix(q)})`,
        ),
      ),
    )
    .orderBy(sql`${apiKeys.revokedAt} is null desc`, desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(LIMIT);
  return rows.map((k) => ({
    id: k.id,
    kind: 'api_key',
    title: k.name,
    subtitle: [k.prefix, k.revokedAt ? 'revoked' : null].filter(Boolean).join(' · '),
    url: `/p/${projectId}/api-keys`,
  }));
}

export async function findWebhooks(db: Db, projectId: string, q: string): Promise<SearchResult[]> {
  const rows = await db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, description: webhookEndpoints.description })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.projectId, projectId),
        or(eq(webhookEndpoints.id, q), sql`lower(${webhookEndpoints.url}) like lower(${likeContains(q)})`),
      ),
    )
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(LIMIT);
  return rows.map((w) => ({
    id: w.id,
    kind: 'webhook',
    title: w.url,
    subtitle: w.description || null,
    url: `/p/${projectId}/webhooks/${w.id}`,
  }));
}
