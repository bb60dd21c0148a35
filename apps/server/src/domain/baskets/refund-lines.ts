import { lineRefundFigures, quantityThousandths } from '@scanline/contracts/basket-figures';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { lineItems, refundLines, refunds } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';

export interface PlannedRefundLine {
  lineItemId: string;
  quantity: number;
  amount: number;
  tax: number;
}

/**
 * What a refund by line gives back (docs/guide/baskets.md#refunds-by-line): per line, the money
 * and VAT of the quantity asked, from the shared arithmetic (the last refund of a line takes
 * exactly what is left of its total and VAT). Run under the transaction's row lock, so what is
 * left of each line (its quantity less the refund_lines of refunds that did not fail) cannot
 * change under it. More than is left of a line is `409 line_quantity_exceeds_remaining`.
 */
export async function planLineRefund(
  tx: Tx,
  {
    projectId,
    transactionId,
    input,
  }: {
    projectId: string;
    transactionId: string;
    input: {
      amount?: number;
      tip_amount?: number;
      line_items: readonly { line_id: string; quantity: number }[];
    };
  },
): Promise<{ amount: number; lines: PlannedRefundLine[] }> {
  if (input.amount !== undefined || input.tip_amount !== undefined) {
    throw new AppError(
      'validation_failed',
      'A refund by line computes its amount: leave amount and tip_amount out.',
      [
        {
          path: input.amount !== undefined ? 'body.amount' : 'body.tip_amount',
          message: 'Not with line_items',
        },
      ],
    );
  }
  const lines = input.line_items;
  const stored = await tx
    .select()
    .from(lineItems)
    .where(and(eq(lineItems.projectId, projectId), eq(lineItems.transactionId, transactionId)));
  const done = await refundedOfLines(
    tx,
    projectId,
    stored.map((l) => l.id),
  );
  const seen = new Set<string>();
  const planned = lines.map((asked, index) => {
    const path = `body.line_items.${index}`;
    const line = stored.find((l) => l.id === asked.line_id);
    if (!line || seen.has(line.id)) {
      throw new AppError('validation_failed', 'Name each line of this transaction once.', [
        {
          path: `${path}.line_id`,
          message: line ? 'This line is named twice' : 'Not a line of this transaction',
        },
      ]);
    }
    seen.add(line.id);
    const before = done.get(line.id) ?? { quantity: 0, amount: 0, tax: 0 };
    const quantity = Number(line.quantity);
    const leftQ = (quantityThousandths(quantity) ?? 0) - (quantityThousandths(before.quantity) ?? 0);
    if ((quantityThousandths(asked.quantity) ?? 0) > leftQ) {
      throw new AppError(
        'line_quantity_exceeds_remaining',
        `At most ${leftQ / 1000} of “${line.name}” can still be refunded.`,
        [
          {
            path: `${path}.quantity`,
            message: `At most ${leftQ / 1000}`,
            code: 'line_quantity_exceeds_remaining',
          },
        ],
      );
    }
    const figures = lineRefundFigures(
      {
        quantity,
        unit_price: line.unitPrice,
        total: line.total,
        tax: line.tax,
        tax_rate: line.taxRate === null ? null : Number(line.taxRate),
      },
      before,
      asked.quantity,
    );
    return { lineItemId: line.id, quantity: asked.quantity, ...figures };
  });
  const amount = planned.reduce((s, l) => s + l.amount, 0);
  if (amount < 1) {
    throw new AppError('validation_failed', 'These lines cost nothing: there is nothing to refund.', [
      { path: 'body.line_items', message: 'Their amount is 0' },
    ]);
  }
  return { amount, lines: planned };
}

/** The refund's lines, in the database transaction that inserts the refund. */
export async function recordRefundLines(
  tx: Tx,
  {
    projectId,
    refundId,
    lines,
  }: { projectId: string; refundId: string; lines: readonly PlannedRefundLine[] },
) {
  if (lines.length === 0) return;
  await tx.insert(refundLines).values(
    lines.map((l) => ({
      refundId,
      lineItemId: l.lineItemId,
      projectId,
      quantity: l.quantity.toFixed(3),
      amount: l.amount,
      tax: l.tax,
    })),
  );
}

/** Per line, what refunds that did not fail took of it (pending ones hold theirs). */
export async function refundedOfLines(
  tx: Pick<Tx, 'select'>,
  projectId: string,
  lineIds: readonly string[],
): Promise<Map<string, { quantity: number; amount: number; tax: number }>> {
  if (lineIds.length === 0) return new Map();
  const rows = await tx
    .select({
      lineItemId: refundLines.lineItemId,
      quantity: sql<string>`sum(${refundLines.quantity})`,
      amount: sql<string>`sum(${refundLines.amount})`,
      tax: sql<string>`sum(${refundLines.tax})`,
    })
    .from(refundLines)
    .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
    .where(
      and(
        eq(refundLines.projectId, projectId),
        inArray(refundLines.lineItemId, [...lineIds]),
        ne(refunds.status, 'failed'),
      ),
    )
    .groupBy(refundLines.lineItemId);
  return new Map(
    rows.map((r) => [
      r.lineItemId,
      { quantity: Number(r.quantity), amount: Number(r.amount), tax: Number(r.tax) },
    ]),
  );
}
