import type { Terminal } from '@scanline/contracts';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { useProjectCrumbs } from '../project/project-crumbs';
import { useTerminals } from './hooks';
import { RelativeTime, TerminalStatusTag, terminalStatusOptions } from './status';
import { emptyTerminalsAction, useTerminalActions } from './use-terminal-actions';

/** `/p/{id}/terminals`: the fleet, its live status, and pairing (issue 7). */
export default function TerminalsPage() {
  const { id = '' } = useParams();
  const crumbs = useProjectCrumbs('Terminals');
  const query = useTableQuery();
  const terminals = useTerminals(id, query.apiQuery);
  const actions = useTerminalActions(id);

  const columns: TableColumn<Terminal>[] = [
    {
      field: 'label',
      header: 'Label',
      sortable: true,
      filterable: true,
      body: (t) => (
        <Link to={`/p/${encodeURIComponent(id)}/terminals/${encodeURIComponent(t.id)}`}>{t.label}</Link>
      ),
    },
    {
      field: 'status',
      header: 'Status',
      filterable: true,
      options: terminalStatusOptions,
      body: (t) => <TerminalStatusTag status={t.status} />,
    },
    {
      field: 'kind',
      header: 'Kind',
      filterable: true,
      options: [
        { value: 'virtual', label: 'Virtual' },
        { value: 'physical', label: 'Physical' },
      ],
      body: (t) => (t.kind === 'virtual' ? 'Virtual' : 'Physical'),
    },
    { field: 'location', header: 'Location', filterable: true },
    {
      field: 'last_seen_at',
      header: 'Last seen',
      type: 'date',
      filterable: true,
      body: (t) => <RelativeTime value={t.last_seen_at} />,
    },
    { field: 'serial', header: 'Serial', filterable: true, hiddenByDefault: true },
    { field: 'app_version', header: 'App version', hiddenByDefault: true },
    { field: 'id', header: 'ID', hiddenByDefault: true, body: (t) => <code>{t.id}</code> },
    {
      field: 'created_at',
      header: 'Created',
      type: 'date',
      sortable: true,
      filterable: true,
      hiddenByDefault: true,
    },
    { field: 'actions', header: 'Actions', body: (t) => actions.rowActions(t) },
  ];

  return (
    <>
      <PageHeader
        title="Terminals"
        subtitle="The devices that take payments: their status live, pairing, and who can use them."
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
            title={query.filters.length ? 'No terminal matches these filters' : 'No terminals yet'}
            action={
              query.filters.length ? undefined : emptyTerminalsAction(actions.canManage, actions.openCreate)
            }
          >
            <p>
              A terminal shows the shopper a QR code to pay. Any tablet or browser can be a virtual terminal:
              create one, pair it with its 8-character code, and take a payment.
            </p>
          </EmptyState>
        }
      />
      {actions.dialogs}
    </>
  );
}
