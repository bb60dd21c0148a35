import type { Close } from '@scanline/contracts';
import type { AppContext } from '../../platform/context';
import { hashRequest, storedAnswer } from '../idempotency/idempotency';
import { presentClose } from '../presenters/books';
import type { TerminalCaller } from '../terminals/terminal-caller';
import { closeAccess } from './close-caller';
import { sendCloseReport } from './close-report-email';
import { makeClose } from './make-close';

/**
 * "Close the day" by hand: the device, the console, a write key or an admin. A
 * close with nothing in it is allowed here (a zero report). The report email goes out after
 * the close committed; a mail failure is logged by the sender and never undoes the close.
 */
export async function createClose(
  ctx: AppContext,
  input: {
    caller: TerminalCaller;
    projectId: string;
    terminalId: string;
    idempotencyKey?: string;
    countedCash?: number;
  },
): Promise<Close> {
  const db = ctx.database.db;
  const { closedBy } = await closeAccess(db, {
    caller: input.caller,
    projectId: input.projectId,
    terminalId: input.terminalId,
    action: 'closes.create',
  });
  // A double tap with one Idempotency-Key makes one close: the key is claimed in the close's
  // transaction, scoped to who closes and which terminal.
  const idempotency = input.idempotencyKey
    ? {
        id: {
          projectId: input.projectId,
          scope: `${closedBy.kind}:${closedBy.id}`,
          key: input.idempotencyKey,
        },
        requestHash: hashRequest(
          `POST closes ${input.terminalId}`,
          input.countedCash === undefined ? null : { counted_cash: input.countedCash },
        ),
      }
    : undefined;
  const made = await makeClose(db, {
    projectId: input.projectId,
    terminalId: input.terminalId,
    closedBy,
    now: ctx.now,
    ...(input.countedCash === undefined ? {} : { countedCash: input.countedCash }),
    ...(idempotency ? { idempotency } : {}),
  });
  if (made && 'replay' in made) {
    const stored = await storedAnswer(db, idempotency!.id, idempotency!.requestHash);
    return stored.body as Close;
  }
  const close = presentClose(made!.close, made!.terminalLabel);
  await sendCloseReport(ctx, close);
  return close;
}
