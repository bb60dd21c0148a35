import type { Page, RequestLog } from '@scanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useParams } from 'react-router';
import { mainApi } from '../../api/clients';
import { DateText, useFormatDate } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { useProject } from '../projects/hooks';
import { curlFor } from './curl';

const statusSeverity = (status: number) => (status >= 500 ? 'danger' : status >= 400 ? 'warning' : 'success');
const caller = (l: RequestLog) =>
  l.key
    ? `${l.key.name ?? 'Deleted key'} (${l.key.prefix}…)`
    : l.terminal_id
      ? `Terminal ${l.terminal_id}`
      : '—';

/** Developers → Logs (issue 17 §3): what servers and terminals asked of the APIs, kept RETENTION_REQUEST_LOGS_DAYS. */
export default function RequestLogsPage() {
  const { id = '' } = useParams();
  const project = useProject(id);
  const query = useTableQuery();
  const logs = useQuery({
    queryKey: ['project', id, 'request-logs', 'page', query.apiQuery],
    placeholderData: (previous: Page<RequestLog> | undefined) => previous,
    // Rows are written in batches about a second after each request: the first page keeps
    // looking for new ones while it is open (later pages hold still while being read).
    refetchInterval: query.apiQuery.starting_after ? false : 3000,
    queryFn: () =>
      mainApi().request<Page<RequestLog>>(`/projects/${id}/request-logs`, { query: query.apiQuery }),
  });
  const [open, setOpen] = useState<RequestLog | null>(null);
  const columns: TableColumn<RequestLog>[] = [
    {
      field: 'created_at',
      header: 'Time',
      type: 'date',
      sortable: true,
      filterable: true,
      body: (l) => <DateText value={l.created_at} />,
    },
    {
      field: 'status',
      header: 'Status',
      type: 'numeric',
      sortable: true,
      filterable: true,
      body: (l) => <Tag value={String(l.status)} severity={statusSeverity(l.status)} />,
    },
    {
      field: 'method',
      header: 'Method',
      filterable: true,
      options: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => ({ label: m, value: m })),
    },
    {
      field: 'path',
      header: 'Path',
      filterable: true,
      body: (l) => (
        <button type="button" className="link-button" onClick={() => setOpen(l)} title={l.route ?? l.path}>
          <code>{l.path}</code>
        </button>
      ),
    },
    { field: 'key', header: 'Key or terminal', filterable: true, body: caller },
    { field: 'duration_ms', header: 'Took', body: (l) => `${l.duration_ms} ms` },
    { field: 'ip', header: 'IP', hiddenByDefault: true },
  ];
  const forbidden = (logs.error as { status?: number } | null)?.status === 403;
  return (
    <>
      <PageHeader
        title="Logs"
        subtitle="Requests made with this project's API keys and its terminals' device tokens, refused ones included; kept 30 days unless the operator set otherwise."
      />
      {forbidden ? (
        <EmptyState icon="pi-lock" title="Only admins and the owner see the logs">
          <p>Ask an admin of this project.</p>
        </EmptyState>
      ) : (
        <ServerTable
          id="request-logs"
          columns={columns}
          query={query}
          rows={logs.data?.data}
          nextCursor={logs.data?.next_cursor}
          loading={logs.isFetching}
          error={project.error ?? logs.error}
          onRetry={() => void logs.refetch()}
          empty={
            query.filters.length ? (
              <EmptyState icon="pi-filter-slash" title="No request matches these filters">
                <p>Clear a filter to see more.</p>
              </EmptyState>
            ) : (
              <EmptyState icon="pi-list" title="No API requests yet">
                <p>
                  Every call your servers make with an API key, and every call a paired terminal makes,
                  appears here within seconds, with the bodies of the ones that failed.
                </p>
              </EmptyState>
            )
          }
        />
      )}
      {open && <RequestLogDialog log={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function RequestLogDialog({ log, onClose }: { log: RequestLog; onClose: () => void }) {
  const formatDate = useFormatDate();
  const [copied, setCopied] = useState(false);
  const curl = curlFor(log, window.location.origin);
  const body = (value: unknown) =>
    value === null || value === undefined ? (
      <p className="muted">{log.status < 400 ? 'Kept only for requests that failed.' : 'None.'}</p>
    ) : (
      <pre className="http-body">{JSON.stringify(value, null, 2)}</pre>
    );
  return (
    <Dialog
      header={`${log.method} ${log.path}`}
      visible
      onHide={onClose}
      style={{ width: 'min(48rem, 95vw)' }}
      modal
    >
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <Tag value={String(log.status)} severity={statusSeverity(log.status)} /> in {log.duration_ms} ms
        </dd>
        <dt>Time</dt>
        <dd>{formatDate(log.created_at, 'seconds')}</dd>
        <dt>Route</dt>
        <dd>
          <code>{log.route ?? '—'}</code>
        </dd>
        <dt>Key or terminal</dt>
        <dd>{caller(log)}</dd>
        <dt>IP</dt>
        <dd>{log.ip ?? '—'}</dd>
        <dt>Request id</dt>
        <dd>
          <code>{log.request_id}</code>
        </dd>
        {log.idempotency_key && (
          <>
            <dt>Idempotency key</dt>
            <dd>
              <code>{log.idempotency_key}</code>
            </dd>
          </>
        )}
      </dl>
      <h3>Request body</h3>
      {body(log.request_body)}
      <h3>Response body</h3>
      {body(log.response_body)}
      <h3>As curl</h3>
      <pre className="http-body" data-testid="request-curl">
        {curl}
      </pre>
      <div className="dialog-actions">
        <Button
          label={copied ? 'Copied' : 'Copy as curl'}
          icon={copied ? 'pi pi-check' : 'pi pi-copy'}
          onClick={() => void navigator.clipboard.writeText(curl).then(() => setCopied(true))}
        />
        <Button label="Close" text onClick={onClose} />
      </div>
    </Dialog>
  );
}
