import type { SearchGroup, SearchKind, SearchResponse, SearchResult } from '@scanline/contracts';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { type Action, authorize } from '../policy';
import { projectAccess } from '../projects/project-access';
import { findApiKeys, findMembers, findTerminals, findTransactions, findWebhooks } from './search-kinds';

type Finder = (db: Db, projectId: string, q: string) => Promise<SearchResult[]>;

/** Each kind, in the order the groups are shown, with the permission that reads its list. */
const KINDS: { kind: SearchKind; action: Action; find: Finder }[] = [
  { kind: 'transaction', action: 'transactions.read', find: findTransactions },
  { kind: 'terminal', action: 'terminals.read', find: findTerminals },
  { kind: 'member', action: 'team.read', find: findMembers },
  { kind: 'api_key', action: 'keys.read', find: findApiKeys },
  { kind: 'webhook', action: 'webhooks.read', find: findWebhooks },
];

function allowed(actor: Actor, role: Parameters<typeof authorize>[1], action: Action) {
  try {
    authorize(actor, role, action);
    return true;
  } catch {
    return false;
  }
}

/**
 * `GET …/search?q=`: the project's transactions, terminals, members, API keys
 * and webhook endpoints matching `q`, a few per kind. Access as for the transactions list;
 * a kind the caller may not list is left out rather than refused.
 */
export async function searchProject(
  db: Db,
  { actor, projectId, q }: { actor: Actor; projectId: string; q: string },
): Promise<SearchResponse> {
  const { role } = await projectAccess(db, { actor, projectId, action: 'transactions.read' });
  const kinds = KINDS.filter((k) => allowed(actor, role, k.action));
  const found = await Promise.all(kinds.map((k) => k.find(db, projectId, q)));
  const groups: SearchGroup[] = kinds
    .map((k, i) => ({ kind: k.kind, items: found[i]! }))
    .filter((g) => g.items.length > 0);
  return { q, groups };
}
