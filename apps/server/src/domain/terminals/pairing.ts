import { randomInt } from 'node:crypto';
import { PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH, PAIRING_CODE_TTL_SECONDS } from '@scanline/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { terminalPairingCodes, terminals } from '../../db/schema';
import { credentialChanged } from '../../platform/auth/credential-cache';
import type { Bus } from '../../platform/bus';
import { hashToken } from '../../platform/crypto/hash-token';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { type Actor, actorId } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { recordEvent } from '../events/record-event';
import { presentTerminal } from '../presenters/payments';
import { projectAccess } from '../projects/project-access';
import { newDeviceToken } from './device-token';
import { publishTerminal } from './publish-terminal';
import { terminalDisabled } from './terminal-disabled';
import { findTerminal } from './terminal-rows';
import { voidOpenCodes } from './void-open-codes';

const newPairingCode = () =>
  Array.from(
    { length: PAIRING_CODE_LENGTH },
    () => PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)],
  ).join('');

/** What a person may type: spaces and dashes ignored, any case (the alphabet is upper case). */
export const normalizePairingCode = (raw: string) => raw.replace(/[\s-]/g, '').toUpperCase();

/**
 * A new 8-character code for the terminal, valid 15 minutes and once; any older open code is
 * voided. Only its SHA-256 is stored. A paired terminal may be paired again (a replaced
 * tablet): the new pairing replaces the old device token.
 */
export async function createPairingCode(
  db: Db,
  { actor, projectId, terminalId, now }: { actor: Actor; projectId: string; terminalId: string; now: Date },
) {
  return db.transaction(async (tx) => {
    await projectAccess(tx, { actor, projectId, action: 'terminals.manage' });
    const terminal = await findTerminal(tx, { projectId, terminalId, lock: true });
    if (terminal.status === 'disabled') throw terminalDisabled();
    await voidOpenCodes(tx, { projectId, terminalId, now });
    const code = newPairingCode();
    const expiresAt = new Date(now.getTime() + PAIRING_CODE_TTL_SECONDS * 1000);
    await tx.insert(terminalPairingCodes).values({
      codeHash: hashToken(code),
      projectId,
      terminalId,
      createdBy: actorId(actor),
      createdAt: now,
      expiresAt,
    });
    await recordAudit(tx, {
      actor,
      projectId,
      action: 'terminal.pairing_code_created',
      target: terminalId,
      now,
    });
    return { code, expiresAt };
  });
}

const invalidCode = () =>
  new AppError(
    'pairing_code_invalid',
    'This pairing code is wrong, used or expired. Ask for a new code in the console.',
  );

/**
 * Trades a pairing code for a device token (shown once, stored hashed). The code is spent by
 * a guarded UPDATE, so two devices racing with one code cannot both pair. The device is
 * present, so the terminal becomes `online` at once (events `terminal.paired` and, if it
 * was not already online, `terminal.online`).
 */
export async function pairTerminal(
  { db, bus }: { db: Db; bus: Bus },
  input: { code: string; device: { model?: string; app_version?: string; serial?: string } },
  now: Date,
) {
  const code = normalizePairingCode(input.code);
  if (code.length !== PAIRING_CODE_LENGTH) throw invalidCode();
  const paired = await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(terminalPairingCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(terminalPairingCodes.codeHash, hashToken(code)),
          isNull(terminalPairingCodes.usedAt),
          isNull(terminalPairingCodes.voidedAt),
          gt(terminalPairingCodes.expiresAt, now),
        ),
      )
      .returning();
    if (!spent) throw invalidCode();
    const before = await findTerminal(tx, {
      projectId: spent.projectId,
      terminalId: spent.terminalId,
      lock: true,
    });
    if (before.status === 'disabled') throw invalidCode();
    const deviceToken = newDeviceToken();
    const [row] = await tx
      .update(terminals)
      .set({
        status: 'online',
        deviceTokenHash: hashToken(deviceToken),
        deviceModel: input.device.model ?? null,
        appVersion: input.device.app_version ?? null,
        serial: before.serial ?? input.device.serial ?? null,
        lastSeenAt: now,
        pairedAt: now,
        updatedAt: now,
      })
      .where(and(eq(terminals.projectId, spent.projectId), eq(terminals.id, spent.terminalId)))
      .returning();
    const terminal = row!;
    const data = presentTerminal(terminal);
    await recordEvent(tx, {
      projectId: terminal.projectId,
      type: 'terminal.paired',
      objectId: terminal.id,
      data,
      now,
    });
    if (before.status !== 'online') {
      await recordEvent(tx, {
        projectId: terminal.projectId,
        type: 'terminal.online',
        objectId: terminal.id,
        data,
        now,
      });
    }
    return { terminal, deviceToken };
  });
  // Pairing again replaced the device token: the old one's cached authentications end now.
  await credentialChanged({ bus }, { kind: 'terminal', id: paired.terminal.id });
  await publishTerminal(bus, paired.terminal);
  return paired;
}
