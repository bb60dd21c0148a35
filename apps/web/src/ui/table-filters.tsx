import { TABLE_MATCH_MODES, type TableColumnType, type TableMatchMode } from '@scanline/contracts';
import { FilterOperator } from 'primereact/api';
import { Calendar } from 'primereact/calendar';
import type { ColumnFilterElementTemplateOptions } from 'primereact/column';
import type { DataTableFilterMeta, DataTableFilterMetaData } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { translate } from '../lib/i18n/current-locale';
import type { MessageId } from '../messages/keys';
import { datePattern } from '../theme/date-format';
import type { TableQuery } from './use-table-query';

/** What a column needs for its filter: seed §9's match modes by type, or a closed set of values. */
interface FilterableColumn {
  field: string;
  header: string;
  type?: TableColumnType;
  filterable?: boolean;
  options?: { label: string; value: string }[];
}

/** The menu's words for seed §9's match modes (in the `common` catalogue). */
const MODE_LABELS: Record<TableMatchMode, MessageId> = {
  startsWith: 'common.filter.startsWith',
  contains: 'common.filter.contains',
  notContains: 'common.filter.notContains',
  endsWith: 'common.filter.endsWith',
  equals: 'common.filter.equals',
  notEquals: 'common.filter.notEquals',
  lt: 'common.filter.lt',
  lte: 'common.filter.lte',
  gt: 'common.filter.gt',
  gte: 'common.filter.gte',
  dateIs: 'common.filter.dateIs',
  dateIsNot: 'common.filter.dateIsNot',
  dateBefore: 'common.filter.dateBefore',
  dateAfter: 'common.filter.dateAfter',
  dateBetween: 'common.filter.dateBetween',
};

const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

function dateFilter(options: ColumnFilterElementTemplateOptions) {
  // "Between": two days picked as a range (a past month in one rule); sent once both are there.
  if ((options.filterModel as { matchMode?: string } | undefined)?.matchMode === 'dateBetween') {
    const range = Array.isArray(options.value) ? (options.value as (Date | null)[]) : null;
    return (
      <Calendar
        selectionMode="range"
        value={range}
        onChange={(e) => options.filterCallback(e.value, options.index)}
        dateFormat={datePattern()}
        aria-label={translate('common.filter.dateRange')}
      />
    );
  }
  return (
    <Calendar
      value={options.value instanceof Date ? options.value : null}
      onChange={(e) => options.filterCallback(e.value, options.index)}
      dateFormat={datePattern()}
      placeholder={datePattern()}
      aria-label={translate('common.filter.date')}
    />
  );
}

function optionsFilter(options: { label: string; value: string }[], header: string) {
  return (o: ColumnFilterElementTemplateOptions) => (
    <Dropdown
      value={o.value ?? null}
      options={options}
      onChange={(e) => o.filterCallback(e.value, o.index)}
      placeholder={translate('common.filter.any')}
      aria-label={header}
      showClear
    />
  );
}

/** The match modes a column's filter menu offers, labelled. */
export const matchModeOptions = (c: FilterableColumn) =>
  (c.options ? (['equals', 'notEquals'] as const) : TABLE_MATCH_MODES[c.type ?? 'text']).map((m) => ({
    label: translate(MODE_LABELS[m]),
    value: m,
  }));

/** The filter element of a column: a dropdown of its values, a calendar, or PrimeReact's own input. */
export const filterElementOf = (c: FilterableColumn) =>
  c.options ? optionsFilter(c.options, c.header) : (c.type ?? 'text') === 'date' ? dateFilter : undefined;

/** The URL's filters as PrimeReact's filter state, one constraint per filterable column. */
export function dataTableFilters(columns: FilterableColumn[], active: TableQuery['filters']) {
  const filters: DataTableFilterMeta = {};
  for (const c of columns.filter((x) => x.filterable)) {
    const f = active.find((x) => x.field === c.field);
    const type = c.type ?? 'text';
    const value = f
      ? type === 'date'
        ? f.mode === 'dateBetween'
          ? f.value.split(',').map((d) => new Date(`${d}T00:00:00`))
          : new Date(`${f.value}T00:00:00`)
        : f.value
      : null;
    filters[c.field] = {
      operator: FilterOperator.AND,
      constraints: [
        {
          value,
          // The table is lazy (the server filters), so PrimeReact only carries the mode; its type
          // knows no `dateBetween`.
          matchMode: (f?.mode ??
            (c.options ? 'equals' : TABLE_MATCH_MODES[type][0])) as DataTableFilterMetaData['matchMode'],
        },
      ],
    };
  }
  return filters;
}

/** PrimeReact's filter state back as the URL's filters: one per field with a value. */
export function queryFilters(filters: DataTableFilterMeta) {
  return Object.entries(filters).flatMap(([field, meta]) => {
    const c = 'constraints' in meta ? meta.constraints[0] : meta;
    if (c?.value === null || c?.value === undefined || c.value === '') return [];
    if (Array.isArray(c.value)) {
      // A range: only once both of its days are picked.
      const [a, b] = c.value as (Date | null)[];
      if (!(a instanceof Date) || !(b instanceof Date)) return [];
      return [{ field, mode: c.matchMode as TableMatchMode, value: `${isoDay(a)},${isoDay(b)}` }];
    }
    const value = c.value instanceof Date ? isoDay(c.value) : String(c.value);
    return [{ field, mode: c.matchMode as TableMatchMode, value }];
  });
}
