import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { projectAccess } from '../projects/project-access';
import { findTerminal } from './terminal-rows';

/** One terminal of the project, or 404. */
export async function getTerminal(
  db: Db,
  { actor, projectId, terminalId }: { actor: Actor; projectId: string; terminalId: string },
) {
  await projectAccess(db, { actor, projectId, action: 'terminals.read' });
  return findTerminal(db, { projectId, terminalId });
}
