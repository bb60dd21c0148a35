import type { PayoutItem } from '@scanline/contracts';
import { Link, useParams } from 'react-router';
import { formatMoney } from '../../lib/money';
import { DateText } from '../../theme/display-time-zone';
import { CsvExportButton } from '../../ui/CsvExportButton';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { useProjectCrumbs } from '../project/project-crumbs';
import { QueryState } from '../workspace/QueryState';
import { usePayout, usePayoutItems } from './hooks';
import { PayoutStatusTag } from './PayoutsPage';
import './books.css';

/** `/p/{id}/payouts/{payoutId}`: a payout, totals that add up, and every item with its transaction. */
export default function PayoutDetailPage() {
  const { id = '', payoutId = '' } = useParams();
  const payout = usePayout(id, payoutId);
  const query = useTableQuery();
  const items = usePayoutItems(id, payoutId, query.apiQuery);
  const crumbs = useProjectCrumbs(payoutId, { label: 'Payouts', path: 'payouts' });
  const p = payout.data;
  const base = `/p/${encodeURIComponent(id)}`;
  const exportPath = `/projects/${encodeURIComponent(id)}/payouts/${encodeURIComponent(payoutId)}/export.csv`;
  const money = (v: number, currency = p?.currency ?? 'EUR') => formatMoney(v, currency);
  const columns: TableColumn<PayoutItem>[] = [
    {
      field: 'created_at',
      header: 'Date',
      type: 'date',
      sortable: true,
      body: (i) => <DateText value={i.created_at} />,
    },
    {
      field: 'type',
      header: 'Type',
      filterable: true,
      options: [
        { value: 'payment', label: 'payment' },
        { value: 'refund', label: 'refund' },
      ],
    },
    {
      field: 'transaction_id',
      header: 'Transaction',
      body: (i) => (
        <Link to={`${base}/transactions/${encodeURIComponent(i.transaction_id)}`}>
          <code>{i.transaction_id}</code>
        </Link>
      ),
    },
    { field: 'amount', header: 'Amount', body: (i) => money(i.amount, i.currency) },
    { field: 'fee', header: 'Fee', body: (i) => money(i.fee, i.currency) },
    { field: 'net', header: 'Net', body: (i) => money(i.net, i.currency) },
  ];
  return (
    <>
      <PageHeader
        title={p ? money(p.amount) : 'Payout'}
        subtitle={p ? <PayoutStatusTag status={p.status} /> : undefined}
        crumbs={crumbs}
        actions={
          p && (
            <div className="row-actions">
              <CsvExportButton path={exportPath} query={{ format: 'csv' }} filename={`payout-${p.id}.csv`} />
              <CsvExportButton
                path={exportPath}
                query={{ format: 'xero' }}
                filename={`payout-${p.id}-xero.csv`}
              />
              <CsvExportButton
                path={exportPath}
                query={{ format: 'quickbooks' }}
                filename={`payout-${p.id}-quickbooks.csv`}
              />
            </div>
          )
        }
      />
      <QueryState query={payout}>
        {() =>
          p && (
            <div className="stack">
              <section className="surface-card panel" aria-label="Totals">
                <table className="figures" data-testid="payout-totals">
                  <tbody>
                    <tr>
                      <th scope="row">Payments ({p.payments_count})</th>
                      <td>{money(p.gross)}</td>
                    </tr>
                    <tr>
                      <th scope="row">Fees</th>
                      <td>−{money(p.fees)}</td>
                    </tr>
                    <tr>
                      <th scope="row">Refunds</th>
                      <td>−{money(p.refunds)}</td>
                    </tr>
                    <tr className="total-row">
                      <th scope="row">Paid out</th>
                      <td data-testid="payout-amount">{money(p.amount)}</td>
                    </tr>
                  </tbody>
                </table>
                <p className="muted mb-0">
                  Arrival {p.arrival_date} · created <DateText value={p.created_at} /> · <code>{p.id}</code>
                </p>
              </section>
              <ServerTable
                id="payout-items"
                columns={columns}
                query={query}
                rows={items.data?.data}
                nextCursor={items.data?.next_cursor}
                loading={items.isPending}
                error={items.error}
                onRetry={() => void items.refetch()}
                empty={
                  <EmptyState icon="pi-list" title="No items match these filters">
                    <p>A payout's items are the payments and refunds it pays out.</p>
                  </EmptyState>
                }
              />
            </div>
          )
        }
      </QueryState>
    </>
  );
}
