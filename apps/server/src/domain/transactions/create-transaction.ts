import {
  type CreateTransaction,
  type TerminalTransaction,
  TRANSACTION_TTL_SECONDS,
} from '@scanline/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { businesses, projects, staff, type TransactionSource, terminals } from '../../db/schema';
import type { Bus } from '../../platform/bus';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { newId, randomBase62 } from '../../platform/ids';
import { rowsOf } from '../../platform/sql-rows';
import { insertLinesSql } from '../baskets/insert-line-items';
import { presentPricedLine } from '../baskets/present-line-item';
import { basketAmount, type PricedLine, priceBasket } from '../baskets/price-basket';
import {
  hashRequest,
  type IdempotencyScope,
  idempotencyClaimCte,
  storedAnswer,
} from '../idempotency/idempotency';
import { authorize } from '../policy';
import { presentTerminalTransaction, presentTransaction } from '../presenters/payments';
import { projectAccess } from '../projects/project-access';
import { projectCacheOf } from '../projects/project-access-cache';
import { cashierRequired } from '../staff/resolve-cashier-session';
import { projectHasStaff } from '../staff/staff-presence';
import { callerScope, type TerminalCaller } from '../terminals/terminal-caller';
import { terminalDisabled } from '../terminals/terminal-disabled';
import { publishTransactionChange } from './publish-transaction-change';
import type { TransactionRow } from './transition-transaction';

export interface CreateTransactionResult {
  status: number;
  body: TerminalTransaction;
  /** The row when this call created it; undefined when the answer is a replay. */
  created?: TransactionRow;
}

/** Which project and terminal the transaction belongs to, after the caller's rights are checked. */
async function resolveTarget(db: Db, caller: TerminalCaller, terminalId: string | undefined) {
  if (caller.kind === 'device') {
    // A device charges on itself; naming another terminal is as unknown as a wrong id.
    if (terminalId !== undefined && terminalId !== caller.terminalId) throw notFound('Terminal');
    return { projectId: caller.projectId, terminalId: caller.terminalId };
  }
  if (!terminalId) {
    throw new AppError('validation_failed', 'Name the terminal that shows the payment code.', [
      { path: 'body.terminal_id', message: 'Required with an API key or a signed-in user' },
    ]);
  }
  const actor = caller.actor;
  if (actor.kind === 'api_key') {
    // A key belongs to one project: that the project exists and is not deleted is checked by
    // the setup read every create makes (as for a device), not by a read of its own.
    authorize(actor, null, 'transactions.create');
    return { projectId: actor.projectId, terminalId };
  }
  const [t] = await db
    .select({ projectId: terminals.projectId })
    .from(terminals)
    .where(eq(terminals.id, terminalId))
    .limit(1);
  if (!t) throw notFound('Terminal');
  await projectAccess(db, { actor, projectId: t.projectId, action: 'transactions.create' });
  return { projectId: t.projectId, terminalId };
}

/**
 * Creates a pending transaction whose payment code (the QR code's URL) is valid 15 minutes.
 * The idempotency claim (with the stored answer), the transaction, its first history row and
 * the `transaction.created` outbox event are written by one statement (so one database
 * transaction): a crash leaves either all of them or none, and a retry with the same key
 * replays the first answer.
 */
export async function createTransaction(
  { db, bus }: { db: Db; bus: Bus },
  {
    caller,
    input,
    idempotencyKey,
    publicUrl,
    now,
  }: {
    caller: TerminalCaller;
    input: CreateTransaction;
    idempotencyKey: string;
    publicUrl: string;
    now: Date;
  },
): Promise<CreateTransactionResult> {
  const target = await resolveTarget(db, caller, input.terminal_id);
  const key: IdempotencyScope = {
    projectId: target.projectId,
    scope: callerScope(caller),
    key: idempotencyKey,
  };
  const requestHash = hashRequest('POST /terminal/v1/transactions', input);

  const setup = await terminalSetup(db, target.projectId, target.terminalId);
  if (!setup) throw notFound('Terminal');
  if (setup.status === 'disabled') throw terminalDisabled();
  refuseOtherCurrency(caller, input.currency, setup);
  const cashier = await cashierOfCreate(db, caller, target.projectId, input.cashier_id);
  // The create's rate, else the project's at the time (fixed on the transaction).
  const taxRate = input.tax_rate !== undefined ? String(input.tax_rate) : setup.taxRate;
  // A basket prices itself from the catalogue now (docs/guide/baskets.md); its sum is the amount.
  const lines = input.line_items
    ? await priceBasket(db, {
        projectId: target.projectId,
        lines: input.line_items,
        defaultTaxRate: taxRate === null ? null : Number(taxRate),
      })
    : [];
  const amount = lines.length > 0 ? basketAmount(lines, input.amount) : requiredAmount(input.amount);

  // Every value is made here, so the answer is known before writing: it is stored with the
  // idempotency claim, and claim and rows go in as one statement — atomic on its own, so no
  // BEGIN/COMMIT around it (the hot path: 2 round trips after authentication).
  const row = newTransactionRow({
    projectId: target.projectId,
    terminalId: target.terminalId,
    amount,
    // A register that names no currency charges in the project's.
    currency: input.currency ?? setup.currency,
    reference: input.reference ?? null,
    metadata: input.metadata ?? null,
    provider: setup.provider,
    // A test payment says so itself (`scanline trigger`); otherwise the caller decides.
    source: input.source ?? sourceOf(caller),
    skipTipping: input.skip_tipping ?? false,
    cashier,
    taxRate,
    tipTaxable: setup.tipsTaxable,
    lineTax: lines.length > 0 ? lines.reduce((sum, l) => sum + l.tax, 0) : null,
    now,
  });
  const body = presentTerminalTransaction(
    row,
    publicUrl,
    lines.length > 0 ? lines.map(presentPricedLine) : undefined,
  );
  const claimed = await insertCreatedTransaction(db, {
    row,
    lines,
    eventData: presentTransaction(row, setup.label),
    claim: idempotencyClaimCte({ id: key, requestHash, now, answer: { status: 201, body } }),
  });
  if (!claimed) {
    // The key was used before (or a concurrent duplicate committed first): its first answer.
    const stored = await storedAnswer(db, key, requestHash);
    return { status: stored.status, body: stored.body as TerminalTransaction };
  }
  await publishTransactionChange(bus, row);
  return { status: 201, body, created: row };
}

// What a create needs of its terminal, read on every create: prepared once per handle.
const setupStatements = new WeakMap<Db, ReturnType<typeof prepareSetup>>();
const prepareSetup = (db: Db) =>
  db
    .select({
      label: terminals.label,
      status: terminals.status,
      provider: businesses.paymentProvider,
      currency: projects.currency,
      taxRate: projects.taxRate,
      tipsTaxable: projects.tipsTaxable,
      allowOtherCurrencies: projects.allowOtherCurrencies,
    })
    .from(terminals)
    .innerJoin(projects, eq(projects.id, terminals.projectId))
    .innerJoin(businesses, eq(businesses.id, projects.businessId))
    .where(
      and(
        eq(terminals.projectId, sql.placeholder('projectId')),
        eq(terminals.id, sql.placeholder('terminalId')),
        isNull(projects.deletedAt),
      ),
    )
    .limit(1)
    .prepare('transactions_create_setup');

function setupOf(db: Db) {
  let statement = setupStatements.get(db);
  if (!statement) {
    statement = prepareSetup(db);
    setupStatements.set(db, statement);
  }
  return statement;
}

type TerminalSetup = Awaited<ReturnType<ReturnType<typeof prepareSetup>['execute']>>[number];

/**
 * The terminal's setup, from the per-process project cache when it holds it: on PGlite this
 * read cost as much as a third of a create. Renaming, disabling or enabling a terminal, and
 * changing or deleting its project or its business's provider, drop the entry at once on every
 * replica (`projectAccessChanged`, `allProjectsChanged`).
 */
async function terminalSetup(
  db: Db,
  projectId: string,
  terminalId: string,
): Promise<TerminalSetup | undefined> {
  const cache = projectCacheOf<TerminalSetup>(db, 'terminal_setup');
  const key = `${projectId}:${terminalId}`;
  const cached = cache?.get(key);
  if (cached) return cached;
  const generation = cache?.begin() ?? 0;
  const [setup] = await setupOf(db).execute({ projectId, terminalId });
  if (setup) cache?.set(key, projectId, setup, generation);
  return setup;
}

/**
 * Who sells it: a device of a project with staff must send a cashier session
 * (`401 cashier_required`); a register or a person may name an enabled staff member.
 */
async function cashierOfCreate(
  db: Db,
  caller: TerminalCaller,
  projectId: string,
  cashierId: string | undefined,
): Promise<{ id: string; name: string } | null> {
  if (caller.kind === 'device') {
    if (cashierId !== undefined) {
      throw new AppError('validation_failed', 'A terminal sells as its signed-in cashier.', [
        { path: 'body.cashier_id', message: 'Only with an API key or a signed-in user' },
      ]);
    }
    if (caller.cashier) return { id: caller.cashier.id, name: caller.cashier.name };
    if (await projectHasStaff(db, projectId)) throw cashierRequired();
    return null;
  }
  if (cashierId === undefined) return null;
  const [found] = await db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(and(eq(staff.projectId, projectId), eq(staff.id, cashierId), isNull(staff.disabledAt)))
    .limit(1);
  if (!found) {
    throw new AppError('validation_failed', 'No enabled staff member of this project has this id.', [
      { path: 'body.cashier_id', message: 'Unknown or disabled staff member' },
    ]);
  }
  return found;
}

/**
 * A hand-keyed charge (a terminal's keypad, a person in the console) is in the
 * project's currency unless the project allows others, so one mis-tap cannot charge in another.
 * A register's API key names the currency its own system decided on, and keeps doing so.
 */
function refuseOtherCurrency(
  caller: TerminalCaller,
  currency: string | undefined,
  setup: { currency: string; allowOtherCurrencies: boolean },
) {
  if (currency === undefined || currency === setup.currency || setup.allowOtherCurrencies) return;
  if (caller.kind !== 'device' && caller.actor.kind === 'api_key') return;
  throw new AppError(
    'currency_not_allowed',
    `This project charges in ${setup.currency} only; an admin can allow other currencies in the project's settings.`,
    [{ path: 'body.currency', message: `Must be ${setup.currency}`, code: 'currency_not_allowed' }],
  );
}

/** Without a basket the amount is what the register asks for, as before lines existed. */
function requiredAmount(amount: number | undefined): number {
  if (amount === undefined) {
    throw new AppError('validation_failed', 'Send the amount, or the line items it is the sum of.', [
      { path: 'body.amount', message: 'Required without line_items', code: 'required' },
    ]);
  }
  return amount;
}

/** Who made it: the device itself, a register's key, or a person in the console. */
const sourceOf = (caller: TerminalCaller): TransactionSource =>
  caller.kind === 'device' ? 'terminal' : caller.actor.kind === 'api_key' ? 'api' : 'console';

/** A new pending transaction, its payment code valid TRANSACTION_TTL_SECONDS. */
export function newTransactionRow(input: {
  projectId: string;
  terminalId: string;
  amount: number;
  currency: string;
  reference: string | null;
  metadata: Record<string, string> | null;
  provider: TransactionRow['provider'];
  source: TransactionSource;
  skipTipping?: boolean;
  cashier?: { id: string; name: string } | null;
  taxRate?: string | null;
  tipTaxable?: boolean;
  /** The basket's VAT (Σ its lines' VAT), when it has lines. */
  lineTax?: number | null;
  now: Date;
}): TransactionRow {
  const { now } = input;
  return {
    id: newId('txn'),
    projectId: input.projectId,
    terminalId: input.terminalId,
    amount: input.amount,
    currency: input.currency,
    status: 'pending',
    source: input.source,
    reference: input.reference,
    metadata: input.metadata,
    // 24 base62 characters ≈ 143 bits: the QR code's unguessable token.
    paymentToken: randomBase62(24),
    provider: input.provider,
    providerReference: null,
    cardBrand: null,
    cardLast4: null,
    cardWallet: null,
    lineTax: input.lineTax ?? null,
    failureCode: null,
    failureMessage: null,
    amountRefunded: 0,
    amountPaid: 0,
    tipAmount: 0,
    tipRefunded: 0,
    tipTaxable: input.tipTaxable ?? false,
    skipTipping: input.skipTipping ?? false,
    cashierId: input.cashier?.id ?? null,
    cashierName: input.cashier?.name ?? null,
    taxRate: input.taxRate ?? null,
    fee: null,
    payoutId: null,
    receiptToken: null,
    receiptUrl: null,
    receiptEmailsSent: 0,
    expiresAt: new Date(now.getTime() + TRANSACTION_TTL_SECONDS * 1000),
    succeededAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * The transaction, its first history row and its `transaction.created` outbox event (the
 * same rows recordEvent writes), in one statement: one round trip instead of three. Given an
 * idempotency `claim` CTE (idempotencyClaimCte), the rows are written only when the key was
 * claimed, in the same statement; answers whether they were.
 */
export async function insertCreatedTransaction(
  tx: Db,
  {
    row,
    eventData,
    claim,
    lines = [],
  }: { row: TransactionRow; eventData: Record<string, unknown>; claim?: SQL; lines?: readonly PricedLine[] },
): Promise<boolean> {
  const [result] = await rowsOf<{ created: boolean }>(
    tx,
    sql`
    with ${claim ? sql`${claim},` : sql``} txn as (
      insert into transactions (id, project_id, terminal_id, amount, currency, status, source, reference, metadata,
        payment_token, provider, amount_refunded, skip_tipping, cashier_id, cashier_name, tax_rate, tip_taxable,
        line_tax, expires_at, created_at, updated_at)
      select ${row.id}::text, ${row.projectId}::text, ${row.terminalId}::text, ${row.amount}::bigint,
        ${row.currency}::text, 'pending', ${row.source}::text, ${row.reference}::text,
        ${row.metadata ? JSON.stringify(row.metadata) : null}::jsonb, ${row.paymentToken}::text,
        ${row.provider}::text, 0, ${row.skipTipping}::boolean, ${row.cashierId}::text, ${row.cashierName}::text,
        ${row.taxRate}::numeric, ${row.tipTaxable}::boolean, ${row.lineTax}::bigint, ${row.expiresAt}::timestamptz, ${row.createdAt}::timestamptz,
        ${row.updatedAt}::timestamptz
      ${claim ? sql`where exists (select from claim)` : sql``}
      returning id
    ), history as (
      insert into transaction_status_changes (project_id, transaction_id, from_status, to_status, reason, created_at)
      select ${row.projectId}, id, null, 'pending', 'created', ${row.createdAt} from txn
    ), event as (
      insert into events (id, project_id, type, object_id, data, created_at)
      select ${newId('evt')}, ${row.projectId}, 'transaction.created', id, ${JSON.stringify(eventData)}::jsonb,
        ${row.createdAt} from txn
      returning id, project_id, created_at
    ), fanout as (
      insert into event_fanout (event_id, event_created_at, project_id) select id, created_at, project_id from event
    )${lines.length > 0 ? sql`, basket as (${insertLinesSql(row, lines)})` : sql``}
    select exists (select from txn) as created`,
  );
  return result?.created === true;
}
