import { and, eq, isNull } from 'drizzle-orm';
import { terminalPairingCodes } from '../../db/schema';
import type { Db } from '../../platform/db';

/** Voids the terminal's open pairing codes (a newer code, or disabling, replaces them). */
export const voidOpenCodes = (
  tx: Db,
  { projectId, terminalId, now }: { projectId: string; terminalId: string; now: Date },
) =>
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
