import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { updateItem } from './update-item';

/** DELETE archives: the item leaves the terminal, its sales still name it. Archiving twice is a no-op. */
export const archiveItem = (db: Db, opts: { actor: Actor; projectId: string; itemId: string; now: Date }) =>
  updateItem(db, { ...opts, input: { archived: true } });
