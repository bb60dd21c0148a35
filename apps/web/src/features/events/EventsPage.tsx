import { type ProjectEvent, WEBHOOK_EVENT_TYPES } from '@scanline/contracts';
import { Link, useParams } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { useProjectCrumbs } from '../../shared/project-crumbs';
import { DateText } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { useEvents } from './hooks';

const typeOptions = WEBHOOK_EVENT_TYPES.map((t) => ({ label: t, value: t }));

/** Developers → Events: everything webhooks send, filtered on the server. */
export default function EventsPage() {
  const { id = '' } = useParams();
  const { t, rich } = useT();
  const crumbs = useProjectCrumbs(t('nav.events'));
  const query = useTableQuery();
  const events = useEvents(id, query.apiQuery);
  const base = `/p/${encodeURIComponent(id)}`;
  const columns: TableColumn<ProjectEvent>[] = [
    {
      field: 'created_at',
      header: t('scans.col.time'),
      type: 'date',
      sortable: true,
      filterable: true,
      body: (e) => <DateText value={e.created_at} />,
    },
    {
      field: 'type',
      header: t('events.col.type'),
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
      header: t('events.col.object'),
      filterable: true,
      body: (e) => <code>{e.object_id ?? '—'}</code>,
    },
    { field: 'id', header: t('events.col.id'), body: (e) => <code>{e.id}</code> },
  ];
  return (
    <>
      <PageHeader title={t('nav.events')} crumbs={crumbs} subtitle={t('events.subtitle')} />
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
            <EmptyState icon="pi-filter-slash" title={t('events.noMatch')}>
              <p>{t('events.noMatchText')}</p>
            </EmptyState>
          ) : (
            <EmptyState icon="pi-bolt" title={t('events.none')}>
              <p>
                {rich('events.noneText', {
                  command: 'npm run cli -- listen --forward-to URL',
                  code: (chunks) => <code>{chunks}</code>,
                })}
              </p>
            </EmptyState>
          )
        }
      />
    </>
  );
}
