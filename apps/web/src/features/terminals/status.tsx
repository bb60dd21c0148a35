import type { Terminal } from '@scanline/contracts';
import { Tag } from 'primereact/tag';
import { useEffect, useState } from 'react';
import { useFormatDate } from '../../theme/display-time-zone';

const TERMINAL_STATUS: Record<
  Terminal['status'],
  { severity: 'success' | 'warning' | 'info' | 'danger'; label: string }
> = {
  online: { severity: 'success', label: 'Online' },
  offline: { severity: 'warning', label: 'Offline' },
  unpaired: { severity: 'info', label: 'Unpaired' },
  disabled: { severity: 'danger', label: 'Disabled' },
};

export const terminalStatusOptions = Object.entries(TERMINAL_STATUS).map(([value, s]) => ({
  value,
  label: s.label,
}));

export function TerminalStatusTag({ status }: { status: Terminal['status'] }) {
  const s = TERMINAL_STATUS[status] ?? { severity: 'info', label: status };
  return <Tag severity={s.severity} value={s.label} icon={status === 'online' ? 'pi pi-wifi' : undefined} />;
}

/** Re-renders every second while `on`: a "12 s ago" that ticks (issue 15 §6). */
function useTick(on: boolean) {
  const [, setNow] = useState(0);
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
}

/** "12 s ago" (ticking), "4 min ago", "3 h ago", then the date; the exact time on hover. */
export function RelativeTime({ value, never = 'Never' }: { value: string | null; never?: string }) {
  const formatDate = useFormatDate();
  const seconds = value ? Math.max(0, (Date.now() - new Date(value).getTime()) / 1000) : 0;
  useTick(Boolean(value) && seconds < 120);
  if (!value) return <span className="muted">{never}</span>;
  const text =
    seconds < 5
      ? 'just now'
      : seconds < 60
        ? `${Math.floor(seconds)} s ago`
        : seconds < 3600
          ? `${Math.round(seconds / 60)} min ago`
          : seconds < 86_400
            ? `${Math.round(seconds / 3600)} h ago`
            : formatDate(value);
  return (
    <time dateTime={value} title={formatDate(value)}>
      {text}
    </time>
  );
}
