import { ITEM_LIMITS, type ItemImportRequest, type ItemImportResult } from '@scanline/contracts';
import { and, eq, max } from 'drizzle-orm';
import { items, projects } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { type Actor, actorId } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { taxRateText } from './item-values';
import { type ImportPlan, mergeVariants, planItemImport } from './plan-item-import';

const INSERT_BATCH = 500;

const resultOf = (mode: ItemImportRequest['mode'], plan: ImportPlan): ItemImportResult => ({
  mode,
  valid: plan.errors.length === 0,
  rows: plan.rows,
  errors: plan.errors,
  items: plan.items.map(({ existing: _, ...item }) => item),
  created: plan.items.filter((i) => i.action === 'create').length,
  updated: plan.items.filter((i) => i.action === 'update').length,
  unchanged: plan.items.filter((i) => i.action === 'unchanged').length,
});

/**
 * A catalogue CSV (docs/guide/catalogue.md#import): `preview` reads the project's items and
 * answers what the file would do, writing nothing; `apply` plans again inside one transaction
 * (the project row locked, so two imports run one after the other) and writes every item, or
 * refuses with 422 `import_invalid` and writes nothing when any row has an error.
 */
export async function importItems(
  db: Db,
  opts: { actor: Actor; projectId: string; input: ItemImportRequest; now: Date },
): Promise<ItemImportResult> {
  const { actor, projectId, input, now } = opts;
  const { project } = await projectAccess(db, { actor, projectId, action: 'items.manage' });
  const planWith = async (tx: Db) => {
    const existing = await tx.select().from(items).where(eq(items.projectId, projectId));
    return planItemImport(input.csv, {
      currency: project.currency,
      existing,
      capacity: ITEM_LIMITS.items - existing.length,
    });
  };
  if (input.mode === 'preview') return resultOf('preview', await planWith(db));

  return db.transaction(async (tx) => {
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
    const plan = await planWith(tx);
    if (plan.errors.length > 0) {
      throw new AppError(
        'import_invalid',
        `${plan.errors.length} problem(s) in the file; nothing was imported. Preview it to see them.`,
        plan.errors.slice(0, 100).map((e) => ({
          path: `body.csv.rows.${e.row}${e.column ? `.${e.column}` : ''}`,
          field: `csv.rows.${e.row}${e.column ? `.${e.column}` : ''}`,
          code: e.code,
          message: e.message,
        })),
      );
    }
    const [last] = await tx
      .select({ p: max(items.position) })
      .from(items)
      .where(eq(items.projectId, projectId));
    let position = (last?.p ?? -1) + 1;
    const creates = plan.items.filter((i) => i.action === 'create');
    const rows = creates.map((i) => {
      const id = newId('itm');
      i.item_id = id;
      return {
        id,
        projectId,
        name: i.name,
        category: i.category,
        price: i.price,
        taxRate: taxRateText(i.tax_rate) ?? null,
        sku: i.sku,
        variants: i.variants.map((v) => ({ id: newId('var'), name: v.name, price: v.price })),
        position: position++,
        createdBy: actorId(actor),
        createdAt: now,
        updatedAt: now,
      };
    });
    for (let i = 0; i < rows.length; i += INSERT_BATCH)
      await tx.insert(items).values(rows.slice(i, i + INSERT_BATCH));
    for (const i of plan.items) {
      if (i.action !== 'update' || !i.existing) continue;
      await tx
        .update(items)
        .set({
          name: i.name,
          category: i.category,
          price: i.price,
          taxRate: taxRateText(i.tax_rate) ?? null,
          sku: i.sku,
          variants: mergeVariants(i.existing.variants, i.variants, () => newId('var')),
          updatedAt: now,
        })
        .where(and(eq(items.projectId, projectId), eq(items.id, i.existing.id)));
    }
    const result = resultOf('apply', plan);
    await recordAudit(tx, {
      actor,
      projectId,
      action: 'items.imported',
      target: null,
      now,
      metadata: { rows: result.rows, created: result.created, updated: result.updated },
    });
    return result;
  });
}
