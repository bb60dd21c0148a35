import type { FleetTerminal } from '@scanline/contracts';
import { presentTerminal } from '../../domain/presenters/payments';
import type { TerminalRow } from '../../domain/terminals/terminal-rows';

const stickerUrl = (publicUrl: string, token: string) => `${publicUrl}/s/${token}`;

/** The fleet's view of a terminal (management routes): with its sticker link. */
export const presentFleetTerminal = (t: TerminalRow, publicUrl: string): FleetTerminal => ({
  ...presentTerminal(t),
  sticker_url: stickerUrl(publicUrl, t.stickerToken),
});
