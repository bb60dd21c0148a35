import type { Bus } from '../../platform/bus';
import { BUS_CHANNELS } from '../../platform/bus';
import type { TerminalRow } from './terminal-rows';

/** Tells every replica (SSE streams, the console's live view) after the change committed. */
export const publishTerminal = (bus: Bus, t: Pick<TerminalRow, 'projectId' | 'id' | 'status'>) =>
  bus
    .publish(BUS_CHANNELS.terminals, { project_id: t.projectId, id: t.id, status: t.status })
    .catch(() => {});
