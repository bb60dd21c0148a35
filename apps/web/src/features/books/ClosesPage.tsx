import type { Close } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { type T, useT } from '../../lib/i18n/console-intl';
import { formatMoney } from '../../lib/money';
import { useProjectCrumbs } from '../../shared/project-crumbs';
import { useTerminals } from '../../shared/terminals/hooks';
import { DateText } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { useCloses, useVerifyCloses } from './hooks';
import './books.css';

const closedByLabel = (c: Close, t: T) =>
  c.closed_by.kind === 'schedule'
    ? t('books.closes.bySchedule')
    : c.closed_by.kind === 'device'
      ? t('books.closes.byDevice')
      : (c.closed_by.label ?? c.closed_by.id ?? c.closed_by.kind);

/** `/p/{id}/closes`: every terminal's closes (Z reports), newest first, and a chain check. */
export default function ClosesPage() {
  const { id = '' } = useParams();
  const { t } = useT();
  const crumbs = useProjectCrumbs(t('books.closes.title'));
  const query = useTableQuery();
  const closes = useCloses(id, query.apiQuery);
  const terminals = useTerminals(id, { limit: '100' });
  const [verifying, setVerifying] = useState(false);
  const verify = useVerifyCloses(id, verifying);
  const base = `/p/${encodeURIComponent(id)}`;

  const columns: TableColumn<Close>[] = [
    {
      field: 'created_at',
      header: t('books.col.closed'),
      type: 'date',
      sortable: true,
      filterable: true,
      body: (c) => (
        <Link to={`${base}/closes/${encodeURIComponent(c.id)}`}>
          <DateText value={c.closed_at} />
        </Link>
      ),
    },
    {
      field: 'terminal_id',
      header: t('books.col.terminal'),
      filterable: true,
      options: terminals.data?.data.map((x) => ({ value: x.id, label: x.label })) ?? [],
      body: (c) => (
        <Link to={`${base}/terminals/${encodeURIComponent(c.terminal_id)}`}>
          {c.terminal_label ?? c.terminal_id}
        </Link>
      ),
    },
    { field: 'number', header: t('books.col.number'), body: (c) => `#${c.number}` },
    {
      field: 'net',
      header: t('books.col.net'),
      body: (c) => c.totals.map((t) => formatMoney(t.net, t.currency)).join(' · '),
    },
    { field: 'closed_by', header: t('books.col.by'), body: (c) => closedByLabel(c, t) },
    {
      field: 'hash',
      header: t('books.col.hash'),
      hiddenByDefault: true,
      body: (c) => <code>{c.hash.slice(0, 12)}…</code>,
    },
    { field: 'id', header: t('books.col.id'), hiddenByDefault: true, body: (c) => <code>{c.id}</code> },
  ];

  return (
    <>
      <PageHeader
        title={t('books.closes.title')}
        subtitle={t('books.closes.subtitle')}
        crumbs={crumbs}
        actions={
          <Button
            label={t('books.closes.verify')}
            icon="pi pi-verified"
            outlined
            loading={verify.isFetching}
            onClick={() => (verifying ? void verify.refetch() : setVerifying(true))}
          />
        }
      />
      {verify.data && (
        <p className={verify.data.ok ? 'muted' : 'p-error'} role="status" data-testid="verify-result">
          {verify.data.ok
            ? t('books.closes.verified', { checked: verify.data.checked })
            : t('books.closes.broken', {
                number: String(verify.data.first_broken?.number),
                terminal: verify.data.first_broken?.terminal_id,
                reason: verify.data.first_broken?.reason,
              })}
        </p>
      )}
      <ServerTable
        id="closes"
        columns={columns}
        query={query}
        rows={closes.data?.data}
        nextCursor={closes.data?.next_cursor}
        loading={closes.isPending}
        error={closes.error}
        onRetry={() => void closes.refetch()}
        empty={
          <EmptyState
            icon="pi-lock"
            title={query.filters.length ? t('books.closes.noMatch') : t('books.closes.none')}
          >
            <p>{t('books.closes.emptyText')}</p>
          </EmptyState>
        }
      />
    </>
  );
}
