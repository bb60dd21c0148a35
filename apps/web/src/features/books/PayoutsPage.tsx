import type { Payout } from '@scanline/contracts';
import { Tag } from 'primereact/tag';
import { Link, useParams } from 'react-router';
import { type T, useT } from '../../lib/i18n/console-intl';
import { formatMoney } from '../../lib/money';
import { useProjectCrumbs } from '../../shared/project-crumbs';
import { formatDay } from '../../theme/date-format';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { usePayouts } from './hooks';
import { NextPayoutCard } from './NextPayoutCard';

const STATUS_SEVERITY = {
  paid: 'success',
  pending: 'info',
  in_transit: 'info',
  failed: 'danger',
  canceled: 'warning',
} as const;
const STATUS_LABELS = {
  pending: 'books.payoutStatus.pending',
  in_transit: 'books.payoutStatus.inTransit',
  paid: 'books.payoutStatus.paid',
  failed: 'books.payoutStatus.failed',
  canceled: 'books.payoutStatus.canceled',
} as const;
const statusLabel = (status: string, t: T) =>
  status in STATUS_LABELS ? t(STATUS_LABELS[status as keyof typeof STATUS_LABELS]) : status.replace('_', ' ');
export const PayoutStatusTag = ({ status }: { status: Payout['status'] }) => {
  const { t } = useT();
  return <Tag value={statusLabel(status, t)} severity={STATUS_SEVERITY[status]} />;
};

/** `/p/{id}/payouts`: what went from the provider to the bank, newest first. */
export default function PayoutsPage() {
  const { id = '' } = useParams();
  const { t } = useT();
  const crumbs = useProjectCrumbs(t('books.payouts.title'));
  const query = useTableQuery();
  const payouts = usePayouts(id, query.apiQuery);
  const base = `/p/${encodeURIComponent(id)}`;
  const columns: TableColumn<Payout>[] = [
    {
      field: 'created_at',
      header: t('books.col.arrival'),
      type: 'date',
      sortable: true,
      filterable: true,
      body: (p) => (
        <Link to={`${base}/payouts/${encodeURIComponent(p.id)}`}>{formatDay(p.arrival_date)}</Link>
      ),
    },
    {
      field: 'amount',
      header: t('books.col.amount'),
      type: 'numeric',
      sortable: true,
      body: (p) => <strong>{formatMoney(p.amount, p.currency)}</strong>,
    },
    {
      field: 'status',
      header: t('books.col.status'),
      filterable: true,
      options: ['pending', 'in_transit', 'paid', 'failed'].map((s) => ({
        value: s,
        label: statusLabel(s, t),
      })),
      body: (p) => <PayoutStatusTag status={p.status} />,
    },
    { field: 'payments_count', header: t('books.col.payments'), body: (p) => p.payments_count },
    { field: 'fees', header: t('books.col.fees'), body: (p) => formatMoney(p.fees, p.currency) },
    { field: 'refunds', header: t('books.col.refunds'), body: (p) => formatMoney(p.refunds, p.currency) },
    { field: 'id', header: t('books.col.id'), hiddenByDefault: true, body: (p) => <code>{p.id}</code> },
  ];
  return (
    <>
      <PageHeader title={t('books.payouts.title')} subtitle={t('books.payouts.subtitle')} crumbs={crumbs} />
      <div className="stack">
        <NextPayoutCard projectId={id} hideWhenNone />
        <ServerTable
          id="payouts"
          columns={columns}
          query={query}
          rows={payouts.data?.data}
          nextCursor={payouts.data?.next_cursor}
          loading={payouts.isPending}
          error={payouts.error}
          onRetry={() => void payouts.refetch()}
          empty={
            <EmptyState
              icon="pi-building-columns"
              title={query.filters.length ? t('books.payouts.noMatch') : t('books.payouts.none')}
            >
              <p>{t('books.payouts.emptyText')}</p>
            </EmptyState>
          }
        />
      </div>
    </>
  );
}
