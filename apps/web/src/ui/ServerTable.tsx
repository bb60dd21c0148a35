import type { TableColumnType } from '@scanline/contracts';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Skeleton } from 'primereact/skeleton';
import { type ReactNode, useRef } from 'react';
import { DateText } from '../theme/display-time-zone';
import { ServerTableToolbar } from './ServerTableToolbar';
import { TableErrorState } from './TableErrorState';
import { TablePager } from './TablePager';
import { dataTableFilters, filterElementOf, matchModeOptions, queryFilters } from './table-filters';
import type { TableQuery } from './use-table-query';
import { useVisibleColumns } from './use-visible-columns';

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

/**
 * A server-driven list: sorting, seed §9's filter match modes per column type,
 * cursor paging, column chooser, skeletons, empty, error and forbidden states, CSV export
 * of the page shown. All state lives in the URL through `useTableQuery`.
 */
export function ServerTable<T extends object>(props: ServerTableProps<T>) {
  const { id, columns, query } = props;
  const table = useRef<DataTable<T[]>>(null);
  const [visible, setVisible] = useVisibleColumns(id, columns);
  const shown = columns.filter((c) => visible.includes(c.field));
  const filters = dataTableFilters(columns, query.filters);
  const emptyMessage = props.error ? (
    <TableErrorState error={props.error} onRetry={props.onRetry} />
  ) : (
    props.empty
  );
  const skeleton = props.loading && !props.rows;
  const noRows = !skeleton && !props.rows?.length;
  const rows = skeleton ? (Array.from({ length: 5 }, (_, i) => ({ __skeleton: i })) as T[]) : props.rows;

  return (
    <div className="server-table stacked-table surface-card">
      <ServerTableToolbar
        id={id}
        columns={columns}
        visible={visible}
        onVisibleChange={setVisible}
        query={query}
        actions={props.toolbar}
        exportPath={props.exportPath}
        exportable={props.exportable}
        hasRows={Boolean(props.rows?.length)}
        onExportPage={() => table.current?.exportCSV({ selectionOnly: false })}
      />
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
        onFilter={(e) => query.setFilters(queryFilters(e.filters))}
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
              filterMatchModeOptions={matchModeOptions(c)}
              filterElement={filterElementOf(c)}
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
      <TablePager
        query={query}
        nextCursor={props.nextCursor}
        showsDates={columns.some((c) => c.type === 'date')}
      />
    </div>
  );
}
