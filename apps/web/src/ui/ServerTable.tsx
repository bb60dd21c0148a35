import { TABLE_MATCH_MODES, type TableColumnType, type TableMatchMode } from '@scanline/contracts';
import { FilterOperator } from 'primereact/api';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Column, type ColumnFilterElementTemplateOptions } from 'primereact/column';
import { DataTable, type DataTableFilterMeta } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { Skeleton } from 'primereact/skeleton';
import { type ReactNode, useRef, useState } from 'react';
import { ApiError } from '../api/api-error';
import { datePattern } from '../theme/date-format';
import { DateText, useDisplayTimeZone } from '../theme/display-time-zone';
import { CsvExportButton } from './CsvExportButton';
import type { TableQuery } from './use-table-query';

export interface TableColumn<T> {
  field: string;
  header: string;
  type?: TableColumnType;
  sortable?: boolean;
  filterable?: boolean;
  /** Shown unless the user hides it with the column chooser. */
  hiddenByDefault?: boolean;
  body?: (row: T) => ReactNode;
  /** A closed set of values (a status): the filter is a dropdown with equals / not equals. */
  options?: { label: string; value: string }[];
}

export interface ServerTableProps<T> {
  /** Names the table for the remembered column choice and the CSV file. */
  id: string;
  columns: TableColumn<T>[];
  query: TableQuery;
  rows: T[] | undefined;
  nextCursor: string | null | undefined;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** The honest empty state: what will appear here and how it gets here. */
  empty: ReactNode;
  dataKey?: string;
  exportable?: boolean;
  /**
   * The server's streamed CSV export for this list (e.g. `/projects/{id}/transactions/export.csv`):
   * Export CSV then downloads every row matching the filters, not only the page shown.
   */
  exportPath?: string;
  /** More toolbar actions. */
  toolbar?: ReactNode;
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

/**
 * A server-driven list (PRODUCT §5): sorting, seed §9's filter match modes per column type,
 * cursor paging, column chooser, skeletons, empty, error and forbidden states, CSV export
 * of the page shown. All state lives in the URL through `useTableQuery`.
 */
export function ServerTable<T extends object>(props: ServerTableProps<T>) {
  const displayTimeZone = useDisplayTimeZone();
  const { id, columns, query } = props;
  const table = useRef<DataTable<T[]>>(null);
  const storageKey = `scanline.table.${id}.columns`;
  const [visible, setVisible] = useState<string[]>(() => {
    const fallback = columns.filter((c) => !c.hiddenByDefault).map((c) => c.field);
    try {
      // A remembered choice keeps only columns that still exist.
      const saved = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as unknown;
      return Array.isArray(saved) ? columns.map((c) => c.field).filter((f) => saved.includes(f)) : fallback;
    } catch {
      return fallback;
    }
  });
  const shown = columns.filter((c) => visible.includes(c.field));

  const filters: DataTableFilterMeta = {};
  for (const c of columns.filter((x) => x.filterable)) {
    const f = query.filters.find((x) => x.field === c.field);
    const type = c.type ?? 'text';
    const value = f ? (type === 'date' ? new Date(`${f.value}T00:00:00`) : f.value) : null;
    filters[c.field] = {
      operator: FilterOperator.AND,
      constraints: [{ value, matchMode: f?.mode ?? (c.options ? 'equals' : TABLE_MATCH_MODES[type][0]) }],
    };
  }

  const forbidden = props.error instanceof ApiError && props.error.status === 403;
  const emptyMessage = props.error ? (
    <div className="table-state" role="alert">
      <i className={`pi ${forbidden ? 'pi-lock' : 'pi-exclamation-circle'}`} aria-hidden="true" />
      <p>
        {forbidden
          ? 'You do not have access to this list. Ask a project admin.'
          : (props.error as Error).message}
      </p>
      {!forbidden && props.onRetry && <Button label="Try again" text onClick={props.onRetry} />}
    </div>
  ) : (
    props.empty
  );
  const skeleton = props.loading && !props.rows;
  const noRows = !skeleton && !props.rows?.length;
  const rows = skeleton ? (Array.from({ length: 5 }, (_, i) => ({ __skeleton: i })) as T[]) : props.rows;

  return (
    <div className="server-table stacked-table surface-card">
      <div className="server-table-toolbar">
        <MultiSelect
          value={visible}
          options={columns.map((c) => ({ label: c.header, value: c.field }))}
          onChange={(e) => {
            setVisible(e.value);
            localStorage.setItem(storageKey, JSON.stringify(e.value));
          }}
          maxSelectedLabels={0}
          selectedItemsLabel={`Columns (${visible.length} of ${columns.length})`}
          placeholder="Columns"
          aria-label="Columns shown"
          className="server-table-columns"
        />
        {props.toolbar}
        {props.exportPath ? (
          <CsvExportButton path={props.exportPath} query={query.apiQuery} filename={`${id}.csv`} />
        ) : (
          props.exportable && (
            <Button
              label="Export CSV"
              icon="pi pi-download"
              outlined
              size="small"
              disabled={!props.rows?.length}
              onClick={() => table.current?.exportCSV({ selectionOnly: false })}
            />
          )
        )}
      </div>
      <DataTable
        ref={table}
        value={rows ?? []}
        lazy
        dataKey={skeleton ? undefined : (props.dataKey ?? 'id')}
        exportFilename={id}
        sortField={query.sort?.field}
        sortOrder={query.sort ? (query.sort.direction === 'asc' ? 1 : -1) : 0}
        removableSort
        onSort={(e) =>
          query.setSort(
            e.sortField ? { field: e.sortField, direction: e.sortOrder === 1 ? 'asc' : 'desc' } : null,
          )
        }
        filters={filters}
        filterDisplay="menu"
        onFilter={(e) =>
          query.setFilters(
            Object.entries(e.filters).flatMap(([field, meta]) => {
              const c = 'constraints' in meta ? meta.constraints[0] : meta;
              if (c?.value === null || c?.value === undefined || c.value === '') return [];
              const value = c.value instanceof Date ? isoDay(c.value) : String(c.value);
              return [{ field, mode: c.matchMode as TableMatchMode, value }];
            }),
          )
        }
        // The empty/error state is drawn under the table, not in its (sideways-scrolling) body,
        // so it stays whole on a phone.
        emptyMessage=" "
        className={noRows ? 'server-table-no-rows' : undefined}
        // On phones each row becomes a card of "label value" lines: PrimeReact renders each
        // cell's column title for the stacked layout; styles.css does the stacking itself, as
        // PrimeReact's injected media query kept the table's 40rem min-width (rows still
        // scrolled sideways) and left the rows as table rows.
        responsiveLayout="stack"
        breakpoint="767px"
        tableStyle={{ minWidth: '40rem' }}
        stripedRows
      >
        {shown.map((c) => {
          const type = c.type ?? 'text';
          return (
            <Column
              key={c.field}
              field={c.field}
              header={c.header}
              sortable={c.sortable}
              filter={c.filterable}
              dataType={type}
              showFilterOperator={false}
              showAddButton={false}
              maxConstraints={1}
              filterMatchModeOptions={(c.options
                ? (['equals', 'notEquals'] as const)
                : TABLE_MATCH_MODES[type]
              ).map((m) => ({ label: MODE_LABELS[m], value: m }))}
              filterElement={
                c.options ? optionsFilter(c.options, c.header) : type === 'date' ? dateFilter : undefined
              }
              body={(row: T) =>
                skeleton ? (
                  <Skeleton width="80%" />
                ) : c.body ? (
                  c.body(row)
                ) : type === 'date' ? (
                  <DateText value={(row as Record<string, string>)[c.field]} />
                ) : (
                  String((row as Record<string, unknown>)[c.field] ?? '—')
                )
              }
            />
          );
        })}
      </DataTable>
      {noRows && emptyMessage}
      <nav className="server-table-pager" aria-label="Pages">
        <Button
          label="Previous"
          icon="pi pi-chevron-left"
          text
          disabled={query.pageIndex === 0}
          onClick={query.previous}
        />
        <span className="muted">
          Page {query.pageIndex + 1}
          {props.columns.some((c) => c.type === 'date') && (
            <span className="server-table-zone"> · times in {displayTimeZone}</span>
          )}
        </span>
        <Button
          label="Next"
          icon="pi pi-chevron-right"
          iconPos="right"
          text
          disabled={!props.nextCursor}
          onClick={() => props.nextCursor && query.next(props.nextCursor)}
        />
      </nav>
    </div>
  );
}
