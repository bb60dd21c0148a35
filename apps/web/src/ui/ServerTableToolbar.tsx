import { Button } from 'primereact/button';
import { MultiSelect } from 'primereact/multiselect';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { CsvExportButton } from './CsvExportButton';
import type { TableQuery } from './use-table-query';

/** Above a server table: the column chooser, the screen's own actions, and CSV export. */
export function ServerTableToolbar({
  id,
  columns,
  visible,
  onVisibleChange,
  query,
  actions,
  exportPath,
  exportable,
  hasRows,
  onExportPage,
}: {
  id: string;
  columns: { field: string; header: string }[];
  visible: string[];
  onVisibleChange: (fields: string[]) => void;
  query: TableQuery;
  actions?: ReactNode;
  exportPath?: string;
  exportable?: boolean;
  hasRows: boolean;
  onExportPage: () => void;
}) {
  const { t } = useT();
  return (
    <div className="server-table-toolbar">
      <MultiSelect
        value={visible}
        options={columns.map((c) => ({ label: c.header, value: c.field }))}
        onChange={(e) => onVisibleChange(e.value)}
        maxSelectedLabels={0}
        selectedItemsLabel={t('common.table.columnsCount', { shown: visible.length, total: columns.length })}
        placeholder={t('common.table.columns')}
        aria-label={t('common.table.columnsShown')}
        className="server-table-columns"
      />
      {actions}
      {exportPath ? (
        <CsvExportButton path={exportPath} query={query.apiQuery} filename={`${id}.csv`} />
      ) : (
        exportable && (
          <Button
            label={t('common.csv.export')}
            icon="pi pi-download"
            outlined
            size="small"
            disabled={!hasRows}
            onClick={onExportPage}
          />
        )
      )}
    </div>
  );
}
