import type { Close } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatMoney } from '../../lib/money';
import { DateText } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { useProjectCrumbs } from '../project/project-crumbs';
import { useTerminals } from '../terminals/hooks';
import { useCloses, useVerifyCloses } from './hooks';
import './books.css';

const closedByLabel = (c: Close) =>
  c.closed_by.kind === 'schedule'
    ? 'Schedule'
    : c.closed_by.kind === 'device'
      ? 'The terminal'
      : (c.closed_by.label ?? c.closed_by.id ?? c.closed_by.kind);

/** `/p/{id}/closes`: every terminal's closes (Z reports), newest first, and a chain check. */
export default function ClosesPage() {
  const { id = '' } = useParams();
  const crumbs = useProjectCrumbs('Closes');
  const query = useTableQuery();
  const closes = useCloses(id, query.apiQuery);
  const terminals = useTerminals(id, { limit: '100' });
  const [verifying, setVerifying] = useState(false);
  const verify = useVerifyCloses(id, verifying);
  const base = `/p/${encodeURIComponent(id)}`;

  const columns: TableColumn<Close>[] = [
    {
      field: 'created_at',
      header: 'Closed',
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
      header: 'Terminal',
      filterable: true,
      options: terminals.data?.data.map((x) => ({ value: x.id, label: x.label })) ?? [],
      body: (c) => (
        <Link to={`${base}/terminals/${encodeURIComponent(c.terminal_id)}`}>
          {c.terminal_label ?? c.terminal_id}
        </Link>
      ),
    },
    { field: 'number', header: 'No.', body: (c) => `#${c.number}` },
    {
      field: 'net',
      header: 'Net',
      body: (c) => c.totals.map((t) => formatMoney(t.net, t.currency)).join(' · '),
    },
    { field: 'closed_by', header: 'By', body: closedByLabel },
    {
      field: 'hash',
      header: 'Hash',
      hiddenByDefault: true,
      body: (c) => <code>{c.hash.slice(0, 12)}…</code>,
    },
    { field: 'id', header: 'ID', hiddenByDefault: true, body: (c) => <code>{c.id}</code> },
  ];

  return (
    <>
      <PageHeader
        title="Closes"
        subtitle="Each terminal's close of day (Z report): hash-chained, never changed."
        crumbs={crumbs}
        actions={
          <Button
            label="Verify the chain"
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
            ? `All ${verify.data.checked} close(s) verified: every chain and total holds.`
            : `Close #${verify.data.first_broken?.number} of terminal ${verify.data.first_broken?.terminal_id} does not hold (${verify.data.first_broken?.reason}).`}
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
            title={query.filters.length ? 'No close matches these filters' : 'No closes yet'}
          >
            <p>
              Close a terminal's day from its page or from the web terminal, or set a daily close time in the
              project's settings. Each close (Z report) is listed here.
            </p>
          </EmptyState>
        }
      />
    </>
  );
}
