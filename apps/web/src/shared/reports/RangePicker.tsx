import { Calendar } from 'primereact/calendar';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useT } from '../../lib/i18n/console-intl';
import { datePattern } from '../../theme/date-format';
import { RANGE_OPTIONS, type RangeKey } from './range';
import './charts.css';

const toDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};
const toDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Today, 7, 30, 90 days or a custom range of calendar days (in the project's zone). */
export function RangePicker({
  value,
  from,
  to,
  onChange,
}: {
  value: RangeKey;
  from: string;
  to: string;
  onChange: (next: { key: RangeKey; from?: string; to?: string }) => void;
}) {
  const { t } = useT();
  // The half-picked range (first day clicked, second not yet): drawn as picked, not replaced by
  // the range in the URL, which only changes once both days are there.
  const [draft, setDraft] = useState<(Date | null)[] | null>(null);
  return (
    <div className="range-picker">
      <SelectButton
        value={value}
        options={RANGE_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))}
        allowEmpty={false}
        aria-label={t('project-dashboard.range')}
        onChange={(e) => e.value && onChange({ key: e.value as RangeKey, from, to })}
      />
      {value === 'custom' && (
        <Calendar
          selectionMode="range"
          value={draft ?? [toDate(from), toDate(to)]}
          showIcon
          maxDate={new Date()}
          dateFormat={datePattern()}
          aria-label={t('project-dashboard.range.customRange')}
          inputId="dashboard-range"
          // Typed too ("11/02/26 - 11/09/26" in the user's format): the keyboard's way in.
          onChange={(e) => {
            const [a, b] = (e.value ?? []) as (Date | null)[];
            if (a && b) {
              setDraft(null);
              const [start, end] = a <= b ? [a, b] : [b, a];
              onChange({ key: 'custom', from: toDay(start), to: toDay(end) });
            } else if (a) setDraft([a, null]);
            // Nothing parsable yet (typing in progress): leave the field's text alone.
          }}
          onHide={() => setDraft(null)}
        />
      )}
    </div>
  );
}
