import type { TableFilter, TableSort } from '@scanline/contracts';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { terminalPairingCodes, terminals } from '../../db/schema';
import type { Bus } from '../../platform/bus';
import { BUS_CHANNELS } from '../../platform/bus';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { type Actor, actorId } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { andAll, buildList, toPage } from '../listing/list-query';
import { projectAccess } from '../projects/project-access';
import { projectAccessChanged } from '../projects/project-access-cache';
import { terminalListSpec } from './terminal-list-spec';

export type TerminalRow = typeof terminals.$inferSelect;

/** Tells every replica (SSE streams, the console's live view) after the change committed. */
export const publishTerminal = (bus: Bus, t: Pick<TerminalRow, 'projectId' | 'id' | 'status'>) =>
  bus
    .publish(BUS_CHANNELS.terminals, { project_id: t.projectId, id: t.id, status: t.status })
    .catch(() => {});

/** One terminal of the project; tenancy in the query (another project's id is simply absent). */
export async function findTerminal(db: Db, projectId: string, terminalId: string, lock = false) {
  const q = db
    .select()
    .from(terminals)
    .where(and(eq(terminals.projectId, projectId), eq(terminals.id, terminalId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Terminal');
  return row;
}

export async function createTerminal(
  db: Db,
  actor: Actor,
  projectId: string,
  input: { label: string; kind: 'physical' | 'virtual'; location?: string; serial?: string },
  now: Date,
) {
  return db.transaction(async (tx) => {
    await projectAccess(tx, actor, projectId, 'terminals.manage');
    const [row] = await tx
      .insert(terminals)
      .values({
        id: newId('trm'),
        projectId,
        label: input.label,
        kind: input.kind,
        location: input.location ?? null,
        serial: input.serial ?? null,
        status: 'unpaired',
        createdBy: actorId(actor),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, actor, projectId, 'terminal.created', row!.id, now, { label: input.label });
    return row!;
  });
}

export async function listTerminals(
  db: Db,
  actor: Actor,
  projectId: string,
  query: { filters: TableFilter[]; sort: TableSort | null; limit: number; startingAfter?: string },
) {
  const { project } = await projectAccess(db, actor, projectId, 'terminals.read');
  const list = buildList(terminalListSpec, {
    filters: query.filters,
    sort: query.sort,
    timeZone: project.timeZone,
  });
  const where: (SQL | undefined)[] = [eq(terminals.projectId, projectId), ...list.where];
  if (query.startingAfter) where.push(list.after(terminals, query.startingAfter));
  const rows = await db
    .select()
    .from(terminals)
    .where(andAll(where))
    .orderBy(...list.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (r) => r.id);
}

export async function getTerminal(db: Db, actor: Actor, projectId: string, terminalId: string) {
  await projectAccess(db, actor, projectId, 'terminals.read');
  return findTerminal(db, projectId, terminalId);
}

export async function updateTerminal(
  db: Db,
  actor: Actor,
  projectId: string,
  terminalId: string,
  input: { label?: string; location?: string | null; serial?: string | null },
  now: Date,
) {
  const row = await db.transaction(async (tx) => {
    await projectAccess(tx, actor, projectId, 'terminals.manage');
    await findTerminal(tx, projectId, terminalId, true);
    const set: Partial<TerminalRow> = { updatedAt: now };
    if (input.label !== undefined) set.label = input.label;
    if (input.location !== undefined) set.location = input.location;
    if (input.serial !== undefined) set.serial = input.serial;
    const [row] = await tx
      .update(terminals)
      .set(set)
      .where(and(eq(terminals.projectId, projectId), eq(terminals.id, terminalId)))
      .returning();
    await recordAudit(tx, actor, projectId, 'terminal.updated', terminalId, now, {
      fields: Object.keys(input),
    });
    return row!;
  });
  // Its label is in the setup a transaction create keeps per process.
  await projectAccessChanged(db, projectId);
  return row;
}

/** Voids the terminal's open pairing codes (a newer code, or disabling, replaces them). */
export const voidOpenCodes = (tx: Db, projectId: string, terminalId: string, now: Date) =>
  tx
    .update(terminalPairingCodes)
    .set({ voidedAt: now })
    .where(
      and(
        eq(terminalPairingCodes.projectId, projectId),
        eq(terminalPairingCodes.terminalId, terminalId),
        isNull(terminalPairingCodes.usedAt),
        isNull(terminalPairingCodes.voidedAt),
      ),
    );

/**
 * Disables a terminal: its device token hash is erased in the same statement, so the
 * device's next request finds no terminal and is 401; open pairing codes are voided.
 */
export async function disableTerminal(
  db: Db,
  actor: Actor,
  projectId: string,
  terminalId: string,
  now: Date,
) {
  const result = await db.transaction(async (tx) => {
    await projectAccess(tx, actor, projectId, 'terminals.manage');
    const before = await findTerminal(tx, projectId, terminalId, true);
    if (before.status === 'disabled') return { row: before, changed: false };
    const [row] = await tx
      .update(terminals)
      .set({ status: 'disabled', deviceTokenHash: null, disabledAt: now, updatedAt: now })
      .where(and(eq(terminals.projectId, projectId), eq(terminals.id, terminalId)))
      .returning();
    await voidOpenCodes(tx, projectId, terminalId, now);
    await recordAudit(tx, actor, projectId, 'terminal.disabled', terminalId, now);
    return { row: row!, changed: true };
  });
  if (result.changed) await projectAccessChanged(db, projectId);
  return result;
}

/**
 * Enables a disabled terminal. Disabling revoked its device token, so it comes back
 * `unpaired`: the device pairs again with a fresh code before it can take payments. (A
 * terminal that is not disabled is returned unchanged.)
 */
export async function enableTerminal(db: Db, actor: Actor, projectId: string, terminalId: string, now: Date) {
  const result = await db.transaction(async (tx) => {
    await projectAccess(tx, actor, projectId, 'terminals.manage');
    const before = await findTerminal(tx, projectId, terminalId, true);
    if (before.status !== 'disabled') return { row: before, changed: false };
    const [row] = await tx
      .update(terminals)
      .set({ status: 'unpaired', disabledAt: null, pairedAt: null, updatedAt: now })
      .where(and(eq(terminals.projectId, projectId), eq(terminals.id, terminalId)))
      .returning();
    await recordAudit(tx, actor, projectId, 'terminal.enabled', terminalId, now);
    return { row: row!, changed: true };
  });
  if (result.changed) await projectAccessChanged(db, projectId);
  return result;
}

export const terminalDisabled = () =>
  new AppError('terminal_disabled', 'This terminal is disabled; enable it first.');
