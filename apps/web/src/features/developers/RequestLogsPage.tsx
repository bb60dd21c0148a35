import type { Page, RequestLog } from '@scanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useParams } from 'react-router';
import { mainApi } from '../../api/clients';
import { useT } from '../../lib/i18n/console-intl';
import { translate } from '../../lib/i18n/current-locale';
import { useProject } from '../../shared/projects/hooks';
import { DateText, useFormatDate } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { curlFor } from './curl';

const statusSeverity = (status: number) => (status >= 500 ? 'danger' : status >= 400 ? 'warning' : 'success');
const caller = (l: RequestLog) =>
  l.key
    ? `${l.key.name ?? translate('developers.deletedKey')} (${l.key.prefix}…)`
    : l.terminal_id
      ? translate('developers.terminal', { id: l.terminal_id })
      : '—';

/** Developers → Logs: what servers and terminals asked of the APIs, kept RETENTION_REQUEST_LOGS_DAYS. */
export default function RequestLogsPage() {
  const { id = '' } = useParams();
  const project = useProject(id);
  const { t } = useT();
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
      header: t('scans.col.time'),
      type: 'date',
      sortable: true,
      filterable: true,
      body: (l) => <DateText value={l.created_at} />,
    },
    {
      field: 'status',
      header: t('transactions.col.status'),
      type: 'numeric',
      sortable: true,
      filterable: true,
      body: (l) => <Tag value={String(l.status)} severity={statusSeverity(l.status)} />,
    },
    {
      field: 'method',
      header: t('developers.method'),
      filterable: true,
      options: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => ({ label: m, value: m })),
    },
    {
      field: 'path',
      header: t('developers.path'),
      filterable: true,
      body: (l) => (
        <button type="button" className="link-button" onClick={() => setOpen(l)} title={l.route ?? l.path}>
          <code>{l.path}</code>
        </button>
      ),
    },
    { field: 'key', header: t('developers.caller'), filterable: true, body: caller },
    {
      field: 'duration_ms',
      header: t('developers.took'),
      body: (l) => t('developers.ms', { n: l.duration_ms }),
    },
    { field: 'ip', header: 'IP', hiddenByDefault: true },
  ];
  const forbidden = (logs.error as { status?: number } | null)?.status === 403;
  return (
    <>
      <PageHeader title={t('nav.logs')} subtitle={t('developers.subtitle')} />
      {forbidden ? (
        <EmptyState icon="pi-lock" title={t('developers.onlyAdmins')}>
          <p>{t('developers.askAdmin')}</p>
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
              <EmptyState icon="pi-filter-slash" title={t('developers.noMatch')}>
                <p>{t('events.noMatchText')}</p>
              </EmptyState>
            ) : (
              <EmptyState icon="pi-list" title={t('developers.none')}>
                <p>{t('developers.noneText')}</p>
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
  const { t } = useT();
  const curl = curlFor(log, window.location.origin);
  const body = (value: unknown) =>
    value === null || value === undefined ? (
      <p className="muted">{log.status < 400 ? t('developers.keptFailed') : t('developers.noBody')}</p>
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
        <dt>{t('transactions.col.status')}</dt>
        <dd>
          <Tag value={String(log.status)} severity={statusSeverity(log.status)} />{' '}
          {t('developers.in', { n: log.duration_ms })}
        </dd>
        <dt>{t('scans.col.time')}</dt>
        <dd>{formatDate(log.created_at, 'seconds')}</dd>
        <dt>{t('developers.route')}</dt>
        <dd>
          <code>{log.route ?? '—'}</code>
        </dd>
        <dt>{t('developers.caller')}</dt>
        <dd>{caller(log)}</dd>
        <dt>{t('developers.ip')}</dt>
        <dd>{log.ip ?? '—'}</dd>
        <dt>{t('developers.requestId')}</dt>
        <dd>
          <code>{log.request_id}</code>
        </dd>
        {log.idempotency_key && (
          <>
            <dt>{t('developers.idempotencyKey')}</dt>
            <dd>
              <code>{log.idempotency_key}</code>
            </dd>
          </>
        )}
      </dl>
      <h3>{t('developers.requestBody')}</h3>
      {body(log.request_body)}
      <h3>{t('developers.responseBody')}</h3>
      {body(log.response_body)}
      <h3>{t('developers.asCurl')}</h3>
      <pre className="http-body" data-testid="request-curl">
        {curl}
      </pre>
      <div className="dialog-actions">
        <Button
          label={copied ? t('developers.copied') : t('developers.copyCurl')}
          icon={copied ? 'pi pi-check' : 'pi pi-copy'}
          onClick={() => void navigator.clipboard.writeText(curl).then(() => setCopied(true))}
        />
        <Button label={t('common.close')} text onClick={onClose} />
      </div>
    </Dialog>
  );
}
