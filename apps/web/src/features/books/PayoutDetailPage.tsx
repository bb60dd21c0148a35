import type { PayoutItem } from '@scanline/contracts';
import { Link, useParams } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { formatMoney } from '../../lib/money';
import { useProjectCrumbs } from '../../shared/project-crumbs';
import { QueryState } from '../../shared/QueryState';
import { formatDay } from '../../theme/date-format';
import { DateText } from '../../theme/display-time-zone';
import { CsvExportButton } from '../../ui/CsvExportButton';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { usePayout, usePayoutItems } from './hooks';
import { PayoutStatusTag } from './PayoutsPage';
import './books.css';

/** `/p/{id}/payouts/{payoutId}`: a payout, totals that add up, and every item with its transaction. */
export default function PayoutDetailPage() {
  const { id = '', payoutId = '' } = useParams();
  const payout = usePayout(id, payoutId);
  const query = useTableQuery();
  const items = usePayoutItems(id, payoutId, query.apiQuery);
  const { t, rich } = useT();
  const crumbs = useProjectCrumbs(payoutId, { label: t('books.payouts.title'), path: 'payouts' });
  const p = payout.data;
  const base = `/p/${encodeURIComponent(id)}`;
  const exportPath = `/projects/${encodeURIComponent(id)}/payouts/${encodeURIComponent(payoutId)}/export.csv`;
  const money = (v: number, currency = p?.currency ?? 'EUR') => formatMoney(v, currency);
  const columns: TableColumn<PayoutItem>[] = [
    {
      field: 'created_at',
      header: t('books.col.date'),
      type: 'date',
      sortable: true,
      body: (i) => <DateText value={i.created_at} />,
    },
    {
      field: 'type',
      header: t('books.col.type'),
      filterable: true,
      options: [
        { value: 'payment', label: t('books.itemType.payment') },
        { value: 'refund', label: t('books.itemType.refund') },
        { value: 'adjustment', label: t('books.itemType.adjustment') },
      ],
      body: (i) => t(`books.itemType.${i.type}`),
    },
    {
      field: 'transaction_id',
      header: t('books.col.transaction'),
      body: (i) => (
        <>
          {i.transaction_id && (
            <Link to={`${base}/transactions/${encodeURIComponent(i.transaction_id)}`}>
              <code>{i.transaction_id}</code>
            </Link>
          )}
          {i.description && <div className="muted">{i.description}</div>}
        </>
      ),
    },
    // What reached the payout, in its currency; a charge in another currency says what was charged.
    {
      field: 'amount',
      header: t('books.col.amount'),
      body: (i) => (
        <>
          {money(i.settlement.amount, i.settlement.currency)}
          {i.settlement.exchange_rate !== null && (
            <div className="muted">
              {t('books.payout.charged', {
                amount: money(i.amount, i.currency),
                rate: String(i.settlement.exchange_rate),
              })}
            </div>
          )}
        </>
      ),
    },
    { field: 'fee', header: t('books.col.fee'), body: (i) => money(i.settlement.fee, i.settlement.currency) },
    { field: 'net', header: t('books.col.net'), body: (i) => money(i.settlement.net, i.settlement.currency) },
  ];
  // Disputes and Stripe's own fees: what the payout holds beyond payments, fees and refunds.
  const adjustments = p ? p.amount - p.gross + p.fees + p.refunds : 0;
  return (
    <>
      <PageHeader
        title={p ? money(p.amount) : t('books.payout.title')}
        subtitle={p ? <PayoutStatusTag status={p.status} /> : undefined}
        crumbs={crumbs}
        actions={
          p && (
            <div className="row-actions">
              <CsvExportButton
                path={exportPath}
                query={{ format: 'csv' }}
                format="csv"
                filename={`payout-${p.id}.csv`}
              />
              <CsvExportButton
                path={exportPath}
                query={{ format: 'xero' }}
                format="xero"
                filename={`payout-${p.id}-xero.csv`}
              />
              <CsvExportButton
                path={exportPath}
                query={{ format: 'quickbooks' }}
                format="quickbooks"
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
              <section className="surface-card panel" aria-label={t('books.payout.totals')}>
                <table className="figures" data-testid="payout-totals">
                  <tbody>
                    <tr>
                      <th scope="row">{t('books.figures.payments', { count: p.payments_count })}</th>
                      <td>{money(p.gross)}</td>
                    </tr>
                    <tr>
                      <th scope="row">{t('books.col.fees')}</th>
                      <td>{formatMoney(p.fees, p.currency, undefined, { sign: 'negative' })}</td>
                    </tr>
                    <tr>
                      <th scope="row">{t('books.col.refunds')}</th>
                      <td>{formatMoney(p.refunds, p.currency, undefined, { sign: 'negative' })}</td>
                    </tr>
                    {adjustments !== 0 && p && (
                      <tr>
                        <th scope="row">{t('books.payout.adjustments')}</th>
                        <td>{money(adjustments)}</td>
                      </tr>
                    )}
                    <tr className="total-row">
                      <th scope="row">{t('books.payout.paidOut')}</th>
                      <td data-testid="payout-amount">{money(p.amount)}</td>
                    </tr>
                  </tbody>
                </table>
                <p className="muted mb-0">
                  {rich('books.payout.facts', {
                    date: formatDay(p.arrival_date),
                    created: <DateText value={p.created_at} />,
                    id: <code>{p.id}</code>,
                  })}
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
                  <EmptyState icon="pi-list" title={t('books.payout.noMatch')}>
                    <p>{t('books.payout.emptyText')}</p>
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
