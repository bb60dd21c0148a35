import { type ProjectEvent, WEBHOOK_EVENT_TYPES } from '@scanline/contracts';
import { Link, useParams } from 'react-router';
import { DateText } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { useProjectCrumbs } from '../project/project-crumbs';
import { useEvents } from './hooks';

const typeOptions = WEBHOOK_EVENT_TYPES.map((t) => ({ label: t, value: t }));

/** Developers → Events (issue 17 §4): everything webhooks send, filtered on the server. */
export default function EventsPage() {
  const { id = '' } = useParams();
  const crumbs = useProjectCrumbs('Events');
  const query = useTableQuery();
  const events = useEvents(id, query.apiQuery);
  const base = `/p/${encodeURIComponent(id)}`;
  const columns: TableColumn<ProjectEvent>[] = [
    {
      field: 'created_at',
      header: 'Time',
      type: 'date',
      sortable: true,
      filterable: true,
      body: (e) => <DateText value={e.created_at} />,
    },
    {
      field: 'type',
      header: 'Type',
      filterable: true,
      options: typeOptions,
      body: (e) => (
        <Link to={`${base}/events/${encodeURIComponent(e.id)}`}>
          <code>{e.type}</code>
        </Link>
      ),
    },
    {
      field: 'object_id',
      header: 'Object',
      filterable: true,
      body: (e) => <code>{e.object_id ?? '—'}</code>,
    },
    { field: 'id', header: 'Event id', body: (e) => <code>{e.id}</code> },
  ];
  return (
    <>
      <PageHeader
        title="Events"
        crumbs={crumbs}
        subtitle="What happened in this project, as webhooks send it. Open one to see its payload and each endpoint's delivery."
      />
      <ServerTable
        id="events"
        columns={columns}
        query={query}
        rows={events.data?.data}
        nextCursor={events.data?.next_cursor}
        loading={events.isFetching}
        error={events.error}
        onRetry={() => void events.refetch()}
        empty={
          query.filters.length ? (
            <EmptyState icon="pi-filter-slash" title="No event matches these filters">
              <p>Clear a filter to see more.</p>
            </EmptyState>
          ) : (
            <EmptyState icon="pi-bolt" title="No events yet">
              <p>
                Every payment, refund and terminal change writes an event here, the moment it happens. To
                receive them on your machine, run <code>npm run cli -- listen --forward-to URL</code>.
              </p>
            </EmptyState>
          )
        }
      />
    </>
  );
}
