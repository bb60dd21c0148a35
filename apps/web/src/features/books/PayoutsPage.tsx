import type { Payout } from '@scanline/contracts';
import { Tag } from 'primereact/tag';
import { Link, useParams } from 'react-router';
import { formatMoney } from '../../lib/money';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { useProjectCrumbs } from '../project/project-crumbs';
import { usePayouts } from './hooks';
import { NextPayoutCard } from './NextPayoutCard';

const STATUS_SEVERITY = { paid: 'success', pending: 'info', in_transit: 'info', failed: 'danger' } as const;
export const PayoutStatusTag = ({ status }: { status: Payout['status'] }) => (
  <Tag value={status.replace('_', ' ')} severity={STATUS_SEVERITY[status]} />
);

/** `/p/{id}/payouts`: what went from the provider to the bank, newest first. */
export default function PayoutsPage() {
  const { id = '' } = useParams();
  const crumbs = useProjectCrumbs('Payouts');
  const query = useTableQuery();
  const payouts = usePayouts(id, query.apiQuery);
  const base = `/p/${encodeURIComponent(id)}`;
  const columns: TableColumn<Payout>[] = [
    {
      field: 'created_at',
      header: 'Arrival',
      type: 'date',
      sortable: true,
      filterable: true,
      body: (p) => <Link to={`${base}/payouts/${encodeURIComponent(p.id)}`}>{p.arrival_date}</Link>,
    },
    {
      field: 'amount',
      header: 'Amount',
      type: 'numeric',
      sortable: true,
      body: (p) => <strong>{formatMoney(p.amount, p.currency)}</strong>,
    },
    {
      field: 'status',
      header: 'Status',
      filterable: true,
      options: ['pending', 'in_transit', 'paid', 'failed'].map((s) => ({
        value: s,
        label: s.replace('_', ' '),
      })),
      body: (p) => <PayoutStatusTag status={p.status} />,
    },
    { field: 'payments_count', header: 'Payments', body: (p) => p.payments_count },
    { field: 'fees', header: 'Fees', body: (p) => formatMoney(p.fees, p.currency) },
    { field: 'refunds', header: 'Refunds', body: (p) => formatMoney(p.refunds, p.currency) },
    { field: 'id', header: 'ID', hiddenByDefault: true, body: (p) => <code>{p.id}</code> },
  ];
  return (
    <>
      <PageHeader
        title="Payouts"
        subtitle="From the payment provider to your bank, to the cent."
        crumbs={crumbs}
      />
      <div className="stack">
        <NextPayoutCard projectId={id} />
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
              title={query.filters.length ? 'No payout matches these filters' : 'No payouts yet'}
            >
              <p>
                Each day at the project's payout time, the payments available by then (after the payout delay
                in Settings), less fees and refunds, are paid out as one payout per currency.
              </p>
            </EmptyState>
          }
        />
      </div>
    </>
  );
}
