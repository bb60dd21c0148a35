import { and, eq } from 'drizzle-orm';
import { terminals } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';

export type TerminalRow = typeof terminals.$inferSelect;

/** One terminal of the project; tenancy in the query (another project's id is simply absent). */
export async function findTerminal(
  db: Db,
  { projectId, terminalId, lock = false }: { projectId: string; terminalId: string; lock?: boolean },
): Promise<TerminalRow> {
  const q = db
    .select()
    .from(terminals)
    .where(and(eq(terminals.projectId, projectId), eq(terminals.id, terminalId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Terminal');
  return row;
}
