import type { Scan } from '@scanline/contracts';
import { Link, useParams } from 'react-router';
import { CsvExportButton } from '../../ui/CsvExportButton';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { useProjectCrumbs } from '../project/project-crumbs';
import { useTerminals } from '../terminals/hooks';
import { ScanOutcomeTag, scanOutcomeOptions } from '../transactions/status';
import { useScans } from './hooks';

function secondsBetween(from: string, to: string): string {
  const seconds = Math.max(0, Math.round((new Date(to).getTime() - new Date(from).getTime()) / 1000));
  return seconds < 90 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}

/** `/p/{id}/scans`: each time a shopper opened a terminal's code, and how it ended. */
export default function ScansPage() {
  const { id = '' } = useParams();
  const crumbs = useProjectCrumbs('Scans');
  const query = useTableQuery();
  const scans = useScans(id, query.apiQuery);
  const terminals = useTerminals(id, { limit: '100' });
  const base = `/p/${encodeURIComponent(id)}`;

  const columns: TableColumn<Scan>[] = [
    { field: 'created_at', header: 'Time', type: 'date', sortable: true, filterable: true },
    {
      field: 'outcome',
      header: 'Outcome',
      filterable: true,
      options: scanOutcomeOptions(),
      body: (s) => (
        <span className="tag-with-note">
          <ScanOutcomeTag outcome={s.outcome} />
          {s.rejected_reason && <span className="muted">{s.rejected_reason}</span>}
        </span>
      ),
    },
    {
      field: 'terminal_id',
      header: 'Terminal',
      filterable: true,
      options: terminals.data?.data.map((x) => ({ value: x.id, label: x.label })) ?? [],
      body: (s) => (
        <Link to={`${base}/terminals/${encodeURIComponent(s.terminal_id)}`}>
          {s.terminal_label ?? s.terminal_id}
        </Link>
      ),
    },
    {
      field: 'transaction_id',
      header: 'Transaction',
      filterable: true,
      body: (s) =>
        s.transaction_id ? (
          <Link to={`${base}/transactions/${encodeURIComponent(s.transaction_id)}`}>
            <code>{s.transaction_id}</code>
          </Link>
        ) : (
          '—'
        ),
    },
    {
      field: 'paid_at',
      header: 'Time to pay',
      // The funnel's speed: from opening the code to a successful payment.
      body: (s) => (s.paid_at ? secondsBetween(s.created_at, s.paid_at) : '—'),
    },
    { field: 'user_agent', header: 'Device', hiddenByDefault: true },
    { field: 'id', header: 'ID', hiddenByDefault: true, body: (s) => <code>{s.id}</code> },
  ];

  return (
    <>
      <PageHeader
        title="Scans"
        subtitle="Every time a shopper scanned a terminal's code: how many scans lead to a payment."
        crumbs={crumbs}
      />
      <ServerTable
        id="scans"
        columns={columns}
        query={query}
        rows={scans.data?.data}
        nextCursor={scans.data?.next_cursor}
        loading={scans.isPending}
        error={scans.error}
        onRetry={() => void scans.refetch()}
        toolbar={
          <CsvExportButton
            path={`/projects/${encodeURIComponent(id)}/scans/export.csv`}
            query={query.apiQuery}
            filename="scans.csv"
          />
        }
        empty={
          <EmptyState
            icon="pi-qrcode"
            title={query.filters.length ? 'No scan matches these filters' : 'No scans yet'}
          >
            <p>
              Each time a shopper's phone opens a terminal's QR code it is listed here with its outcome:
              opened, paid, abandoned or rejected (an expired, canceled or already paid code).
            </p>
          </EmptyState>
        }
      />
    </>
  );
}
