import {
  type CreateTransaction,
  type TerminalTransaction,
  TRANSACTION_TTL_SECONDS,
} from '@scanline/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { businesses, projects, terminals, transactionStatusChanges, transactions } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { newId, randomBase62 } from '../../platform/ids';
import { recordEvent } from '../events/record-event';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  hashRequest,
  type IdempotencyScope,
} from '../idempotency/idempotency';
import { presentTerminalTransaction, presentTransaction } from '../presenters/payments';
import { projectAccess } from '../projects/project-access';
import { callerScope, type TerminalCaller } from '../terminals/terminal-caller';
import { terminalDisabled } from '../terminals/terminals';
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
    throw new AppError('validation_failed', 400, 'Name the terminal that shows the payment code.', [
      { path: 'body.terminal_id', message: 'Required with an API key or a signed-in user' },
    ]);
  }
  const actor = caller.actor;
  if (actor.kind === 'api_key') {
    await projectAccess(db, actor, actor.projectId, 'transactions.create');
    return { projectId: actor.projectId, terminalId };
  }
  const [t] = await db
    .select({ projectId: terminals.projectId })
    .from(terminals)
    .where(eq(terminals.id, terminalId))
    .limit(1);
  if (!t) throw notFound('Terminal');
  await projectAccess(db, actor, t.projectId, 'transactions.create');
  return { projectId: t.projectId, terminalId };
}

/**
 * Creates a pending transaction whose payment code (the QR code's URL) is valid 15 minutes.
 * The idempotency claim, the transaction, its first history row, the `transaction.created`
 * outbox event and the stored answer are one database transaction: a crash leaves either
 * all of them or none, and a retry with the same key replays the first answer.
 */
export async function createTransaction(
  db: Db,
  caller: TerminalCaller,
  input: CreateTransaction,
  idempotencyKey: string,
  opts: { publicUrl: string; now: Date },
): Promise<CreateTransactionResult> {
  const { now } = opts;
  const target = await resolveTarget(db, caller, input.terminal_id);
  const key: IdempotencyScope = {
    projectId: target.projectId,
    scope: callerScope(caller),
    key: idempotencyKey,
  };
  const requestHash = hashRequest('POST /terminal/v1/transactions', input);

  return db.transaction(async (tx): Promise<CreateTransactionResult> => {
    const claim = await claimIdempotencyKey(tx, key, requestHash, now);
    if (!claim.claimed) {
      return { status: claim.response.status, body: claim.response.body as TerminalTransaction };
    }
    const [setup] = await tx
      .select({ terminal: terminals, provider: businesses.paymentProvider })
      .from(terminals)
      .innerJoin(projects, eq(projects.id, terminals.projectId))
      .innerJoin(businesses, eq(businesses.id, projects.businessId))
      .where(
        and(
          eq(terminals.projectId, target.projectId),
          eq(terminals.id, target.terminalId),
          isNull(projects.deletedAt),
        ),
      )
      .limit(1);
    if (!setup) throw notFound('Terminal');
    if (setup.terminal.status === 'disabled') throw terminalDisabled();

    const [row] = await tx
      .insert(transactions)
      .values({
        id: newId('txn'),
        projectId: target.projectId,
        terminalId: target.terminalId,
        amount: input.amount,
        currency: input.currency,
        status: 'pending',
        reference: input.reference ?? null,
        metadata: input.metadata ?? null,
        // 24 base62 characters ≈ 143 bits: the QR code's unguessable token.
        paymentToken: randomBase62(24),
        provider: setup.provider,
        expiresAt: new Date(now.getTime() + TRANSACTION_TTL_SECONDS * 1000),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const created = row!;
    await tx.insert(transactionStatusChanges).values({
      projectId: created.projectId,
      transactionId: created.id,
      fromStatus: null,
      toStatus: 'pending',
      reason: 'created',
      createdAt: now,
    });
    await recordEvent(tx, {
      projectId: created.projectId,
      type: 'transaction.created',
      objectId: created.id,
      data: presentTransaction(created, setup.terminal.label),
      now,
    });
    const body = presentTerminalTransaction(created, opts.publicUrl);
    await completeIdempotencyKey(tx, key, { status: 201, body });
    return { status: 201, body, created };
  });
}
