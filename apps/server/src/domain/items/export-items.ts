import { ITEM_CSV_COLUMNS, ITEM_LIMITS } from '@scanline/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { items } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { csvField } from '../exports/csv';
import { projectAccess } from '../projects/project-access';
import { formatMajorUnits } from './csv-values';

/**
 * The catalogue as the import reads it: `name,category,price,tax_rate,sku,variant`, one row per
 * variant, prices in major units, archived items left out, in the terminal's order. Text is
 * neutralised against formula injection as every export is; the import drops that prefix
 * again. A catalogue is small (at most ITEM_LIMITS.items), so it is built whole, not streamed.
 */
export async function exportItems(db: Db, { actor, projectId }: { actor: Actor; projectId: string }) {
  const { project } = await projectAccess(db, { actor, projectId, action: 'items.read' });
  const rows = await db
    .select()
    .from(items)
    .where(and(eq(items.projectId, projectId), eq(items.archived, false)))
    .orderBy(asc(items.position), asc(items.id))
    .limit(ITEM_LIMITS.items);
  const price = (minor: number | null) => (minor === null ? '' : formatMajorUnits(minor, project.currency));
  const line = (cells: [unknown, boolean][]) =>
    `${cells.map(([v, text]) => csvField(v, text)).join(',')}\r\n`;
  let out = `${ITEM_CSV_COLUMNS.join(',')}\r\n`;
  for (const item of rows) {
    const rate = item.taxRate === null ? '' : String(Number(item.taxRate));
    const variants = item.variants.length > 0 ? item.variants : [null];
    for (const v of variants) {
      out += line([
        [item.name, true],
        [item.category, true],
        [price(v ? v.price : item.price), false],
        [rate, false],
        [item.sku, true],
        [v?.name ?? null, true],
      ]);
    }
  }
  return { project, csv: out };
}
