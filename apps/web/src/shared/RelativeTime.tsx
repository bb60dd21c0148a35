import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { useFormatDate } from '../theme/display-time-zone';

/** Re-renders every second while `on`: a "12 s ago" that ticks. */
function useTick(on: boolean) {
  const [, setNow] = useState(0);
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
}

/** "12 s ago" (ticking), "4 min ago", "3 h ago", then the date; the exact time on hover. */
export function RelativeTime({ value, never }: { value: string | null; never?: string }) {
  const formatDate = useFormatDate();
  const { t } = useT();
  const seconds = value ? Math.max(0, (Date.now() - new Date(value).getTime()) / 1000) : 0;
  useTick(Boolean(value) && seconds < 120);
  if (!value) return <span className="muted">{never ?? t('terminals.time.never')}</span>;
  const text =
    seconds < 5
      ? t('terminals.time.justNow')
      : seconds < 60
        ? t('terminals.time.seconds', { n: Math.floor(seconds) })
        : seconds < 3600
          ? t('terminals.time.minutes', { n: Math.round(seconds / 60) })
          : seconds < 86_400
            ? t('terminals.time.hours', { n: Math.round(seconds / 3600) })
            : formatDate(value);
  return (
    <time dateTime={value} title={formatDate(value)}>
      {text}
    </time>
  );
}
