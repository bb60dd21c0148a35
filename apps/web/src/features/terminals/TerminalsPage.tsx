import type { Terminal } from '@scanline/contracts';
import { Link, useParams } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { useProjectCrumbs } from '../../shared/project-crumbs';
import { RelativeTime } from '../../shared/RelativeTime';
import { useTerminals } from '../../shared/terminals/hooks';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { TerminalStatusTag, terminalStatusOptions } from './status';
import { emptyTerminalsAction, useTerminalActions } from './use-terminal-actions';

/** `/p/{id}/terminals`: the fleet, its live status, and pairing. */
export default function TerminalsPage() {
  const { id = '' } = useParams();
  const { t: tr } = useT();
  const crumbs = useProjectCrumbs(tr('terminals.title'));
  const query = useTableQuery();
  const terminals = useTerminals(id, query.apiQuery);
  const actions = useTerminalActions(id);

  const columns: TableColumn<Terminal>[] = [
    {
      field: 'label',
      header: tr('terminals.col.label'),
      sortable: true,
      filterable: true,
      body: (t) => (
        <Link to={`/p/${encodeURIComponent(id)}/terminals/${encodeURIComponent(t.id)}`}>{t.label}</Link>
      ),
    },
    {
      field: 'status',
      header: tr('terminals.col.status'),
      filterable: true,
      options: terminalStatusOptions(),
      body: (t) => <TerminalStatusTag status={t.status} />,
    },
    {
      field: 'kind',
      header: tr('terminals.col.kind'),
      filterable: true,
      options: [
        { value: 'virtual', label: tr('terminals.kind.virtual') },
        { value: 'physical', label: tr('terminals.kind.physical') },
      ],
      body: (t) => (t.kind === 'virtual' ? tr('terminals.kind.virtual') : tr('terminals.kind.physical')),
    },
    { field: 'location', header: tr('terminals.col.location'), filterable: true },
    {
      field: 'last_seen_at',
      header: tr('terminals.col.lastSeen'),
      type: 'date',
      filterable: true,
      body: (t) => <RelativeTime value={t.last_seen_at} />,
    },
    { field: 'serial', header: tr('terminals.col.serial'), filterable: true, hiddenByDefault: true },
    { field: 'app_version', header: tr('terminals.col.appVersion'), hiddenByDefault: true },
    { field: 'id', header: tr('terminals.col.id'), hiddenByDefault: true, body: (t) => <code>{t.id}</code> },
    {
      field: 'created_at',
      header: tr('terminals.col.created'),
      type: 'date',
      sortable: true,
      filterable: true,
      hiddenByDefault: true,
    },
    { field: 'actions', header: tr('terminals.col.actions'), body: (t) => actions.rowActions(t) },
  ];

  return (
    <>
      <PageHeader
        title={tr('terminals.title')}
        subtitle={tr('terminals.subtitle')}
        crumbs={crumbs}
        actions={actions.newButton}
      />
      <ServerTable
        id="terminals"
        columns={columns}
        query={query}
        // Rows wait for the caller's role: DataTable keeps rendered cells, so row actions drawn
        // before the role is known would stay disabled.
        rows={actions.project.isPending ? undefined : terminals.data?.data}
        nextCursor={terminals.data?.next_cursor}
        loading={terminals.isPending || actions.project.isPending}
        error={terminals.error}
        onRetry={() => void terminals.refetch()}
        exportable
        empty={
          <EmptyState
            icon="pi-tablet"
            title={query.filters.length ? tr('terminals.list.noMatch') : tr('terminals.list.none')}
            action={
              query.filters.length ? undefined : emptyTerminalsAction(actions.canManage, actions.openCreate)
            }
          >
            <p>{tr('terminals.list.emptyText')}</p>
          </EmptyState>
        }
      />
      {actions.dialogs}
    </>
  );
}
