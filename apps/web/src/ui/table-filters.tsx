import { TABLE_MATCH_MODES, type TableColumnType, type TableMatchMode } from '@scanline/contracts';
import { FilterOperator } from 'primereact/api';
import { Calendar } from 'primereact/calendar';
import type { ColumnFilterElementTemplateOptions } from 'primereact/column';
import type { DataTableFilterMeta } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
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

const MODE_LABELS: Record<TableMatchMode, string> = {
  startsWith: 'Starts with',
  contains: 'Contains',
  notContains: 'Does not contain',
  endsWith: 'Ends with',
  equals: 'Equals',
  notEquals: 'Does not equal',
  lt: 'Less than',
  lte: 'Less than or equal to',
  gt: 'Greater than',
  gte: 'Greater than or equal to',
  dateIs: 'Date is',
  dateIsNot: 'Date is not',
  dateBefore: 'Date is before',
  dateAfter: 'Date is after',
};

const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

function dateFilter(options: ColumnFilterElementTemplateOptions) {
  return (
    <Calendar
      value={options.value instanceof Date ? options.value : null}
      onChange={(e) => options.filterCallback(e.value, options.index)}
      dateFormat={datePattern()}
      placeholder={datePattern()}
      aria-label="Date"
    />
  );
}

function optionsFilter(options: { label: string; value: string }[], header: string) {
  return (o: ColumnFilterElementTemplateOptions) => (
    <Dropdown
      value={o.value ?? null}
      options={options}
      onChange={(e) => o.filterCallback(e.value, o.index)}
      placeholder="Any"
      aria-label={header}
      showClear
    />
  );
}

/** The match modes a column's filter menu offers, labelled. */
export const matchModeOptions = (c: FilterableColumn) =>
  (c.options ? (['equals', 'notEquals'] as const) : TABLE_MATCH_MODES[c.type ?? 'text']).map((m) => ({
    label: MODE_LABELS[m],
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
    const value = f ? (type === 'date' ? new Date(`${f.value}T00:00:00`) : f.value) : null;
    filters[c.field] = {
      operator: FilterOperator.AND,
      constraints: [{ value, matchMode: f?.mode ?? (c.options ? 'equals' : TABLE_MATCH_MODES[type][0]) }],
    };
  }
  return filters;
}

/** PrimeReact's filter state back as the URL's filters: one per field with a value. */
export function queryFilters(filters: DataTableFilterMeta) {
  return Object.entries(filters).flatMap(([field, meta]) => {
    const c = 'constraints' in meta ? meta.constraints[0] : meta;
    if (c?.value === null || c?.value === undefined || c.value === '') return [];
    const value = c.value instanceof Date ? isoDay(c.value) : String(c.value);
    return [{ field, mode: c.matchMode as TableMatchMode, value }];
  });
}
