import type { Scan } from '@scanline/contracts';
import { Link, useParams } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { translate } from '../../lib/i18n/current-locale';
import { useProjectCrumbs } from '../../shared/project-crumbs';
import { useTerminals } from '../../shared/terminals/hooks';
import { ScanOutcomeTag, scanOutcomeOptions } from '../../shared/transactions/status';
import { CsvExportButton } from '../../ui/CsvExportButton';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { useScans } from './hooks';

function secondsBetween(from: string, to: string): string {
  const seconds = Math.max(0, Math.round((new Date(to).getTime() - new Date(from).getTime()) / 1000));
  return seconds < 90
    ? translate('scans.seconds', { n: seconds })
    : translate('scans.minutes', { n: Math.round(seconds / 60) });
}

/** `/p/{id}/scans`: each time a shopper opened a terminal's code, and how it ended. */
export default function ScansPage() {
  const { id = '' } = useParams();
  const { t } = useT();
  const crumbs = useProjectCrumbs(t('nav.scans'));
  const query = useTableQuery();
  const scans = useScans(id, query.apiQuery);
  const terminals = useTerminals(id, { limit: '100' });
  const base = `/p/${encodeURIComponent(id)}`;

  const columns: TableColumn<Scan>[] = [
    { field: 'created_at', header: t('scans.col.time'), type: 'date', sortable: true, filterable: true },
    {
      field: 'outcome',
      header: t('scans.col.outcome'),
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
      header: t('transactions.col.terminal'),
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
      header: t('transactions.detail.title'),
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
      header: t('scans.col.timeToPay'),
      // The funnel's speed: from opening the code to a successful payment.
      body: (s) => (s.paid_at ? secondsBetween(s.created_at, s.paid_at) : '—'),
    },
    { field: 'user_agent', header: t('scans.col.device'), hiddenByDefault: true },
    { field: 'id', header: 'ID', hiddenByDefault: true, body: (s) => <code>{s.id}</code> },
  ];

  return (
    <>
      <PageHeader title={t('nav.scans')} subtitle={t('scans.subtitle')} crumbs={crumbs} />
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
          <EmptyState icon="pi-qrcode" title={query.filters.length ? t('scans.noMatch') : t('scans.none')}>
            <p>{t('scans.noneText')}</p>
          </EmptyState>
        }
      />
    </>
  );
}
