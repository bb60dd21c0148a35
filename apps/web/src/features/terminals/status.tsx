import type { Terminal } from '@scanline/contracts';
import { Tag } from 'primereact/tag';
import { translate } from '../../lib/i18n/current-locale';
import type { MessageId } from '../../messages/keys';

const TERMINAL_STATUS: Record<
  Terminal['status'],
  { severity: 'success' | 'warning' | 'info' | 'danger'; label: MessageId }
> = {
  online: { severity: 'success', label: 'terminals.status.online' },
  offline: { severity: 'warning', label: 'terminals.status.offline' },
  unpaired: { severity: 'info', label: 'terminals.status.unpaired' },
  disabled: { severity: 'danger', label: 'terminals.status.disabled' },
};

/** The status filter's choices, in the reader's language (read when the page draws). */
export const terminalStatusOptions = () =>
  Object.entries(TERMINAL_STATUS).map(([value, s]) => ({ value, label: translate(s.label) }));

export function TerminalStatusTag({ status }: { status: Terminal['status'] }) {
  const known = TERMINAL_STATUS[status];
  const s = known
    ? { severity: known.severity, label: translate(known.label) }
    : { severity: 'info' as const, label: status };
  return <Tag severity={s.severity} value={s.label} icon={status === 'online' ? 'pi pi-wifi' : undefined} />;
}
