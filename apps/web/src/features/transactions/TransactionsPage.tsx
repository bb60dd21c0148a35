import type { Transaction } from '@scanline/contracts';
import { Link, useParams } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { formatMoney } from '../../lib/money';
import { useProjectCrumbs } from '../../shared/project-crumbs';
import { useProject } from '../../shared/projects/hooks';
import { useStaff } from '../../shared/staff/hooks';
import { useTerminals } from '../../shared/terminals/hooks';
import { cardLabel, TransactionStatusTag, transactionStatusOptions } from '../../shared/transactions/status';
import { CsvExportButton } from '../../ui/CsvExportButton';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { toApiAmounts } from './amount-filter';
import { useTransactions } from './hooks';

/** `/p/{id}/transactions`: every card payment, filtered and sorted on the server, live. */
export default function TransactionsPage() {
  const { id = '' } = useParams();
  const { t: tr } = useT();
  const crumbs = useProjectCrumbs(tr('nav.transactions'));
  const query = useTableQuery();
  const project = useProject(id);
  const currency = project.data?.currency ?? 'USD';
  const apiQuery = toApiAmounts(query.apiQuery, currency);
  const transactions = useTransactions(id, apiQuery);
  // The terminal filter offers the project's terminals by name.
  const terminals = useTerminals(id, { limit: '100' });
  const staff = useStaff(id, project.data?.role === 'owner' || project.data?.role === 'admin');
  const base = `/p/${encodeURIComponent(id)}`;

  const columns: TableColumn<Transaction>[] = [
    {
      field: 'created_at',
      header: tr('transactions.col.date'),
      type: 'date',
      sortable: true,
      filterable: true,
    },
    {
      field: 'amount',
      header: tr('transactions.col.amount'),
      type: 'numeric',
      sortable: true,
      filterable: true,
      body: (t) => (
        <Link to={`${base}/transactions/${encodeURIComponent(t.id)}`} className="money">
          {formatMoney(t.amount, t.currency)}
        </Link>
      ),
    },
    {
      field: 'status',
      header: tr('transactions.col.status'),
      filterable: true,
      options: transactionStatusOptions(),
      body: (t) => <TransactionStatusTag status={t.status} />,
    },
    {
      field: 'terminal_id',
      header: tr('transactions.col.terminal'),
      filterable: true,
      options: terminals.data?.data.map((x) => ({ value: x.id, label: x.label })) ?? [],
      body: (t) => (
        <Link to={`${base}/terminals/${encodeURIComponent(t.terminal_id)}`}>
          {t.terminal_label ?? t.terminal_id}
        </Link>
      ),
    },
    {
      field: 'card_last4',
      header: tr('transactions.col.card'),
      filterable: true,
      body: (t) => cardLabel(t.card_brand, t.card_last4, t.card_wallet) ?? '—',
    },
    {
      // Who sold it; admins pick from the staff, others filter by id.
      field: 'cashier_id',
      header: tr('transactions.col.cashier'),
      filterable: true,
      ...(staff.data ? { options: staff.data.map((x) => ({ value: x.id, label: x.name })) } : {}),
      body: (t) => t.cashier_name ?? '—',
    },
    {
      field: 'tip_amount',
      header: tr('transactions.col.tip'),
      type: 'numeric',
      body: (t) => (t.tip_amount ? formatMoney(t.tip_amount, t.currency) : '—'),
    },
    { field: 'reference', header: tr('transactions.col.reference'), filterable: true },
    { field: 'currency', header: tr('transactions.col.currency'), filterable: true },
    {
      field: 'amount_refunded',
      header: tr('transactions.col.refunded'),
      type: 'numeric',
      filterable: true,
      hiddenByDefault: true,
      body: (t) => (t.amount_refunded ? formatMoney(t.amount_refunded, t.currency) : '—'),
    },
    { field: 'failure_code', header: tr('transactions.col.failure'), hiddenByDefault: true },
    {
      field: 'id',
      header: tr('transactions.col.id'),
      hiddenByDefault: true,
      body: (t) => <code>{t.id}</code>,
    },
    { field: 'provider_reference', header: tr('transactions.col.providerReference'), hiddenByDefault: true },
  ];

  return (
    <>
      <PageHeader
        title={tr('nav.transactions')}
        subtitle={tr('transactions.list.subtitle')}
        crumbs={crumbs}
      />
      <ServerTable
        id="transactions"
        columns={columns}
        query={query}
        rows={transactions.data?.data}
        nextCursor={transactions.data?.next_cursor}
        loading={transactions.isPending}
        error={transactions.error}
        onRetry={() => void transactions.refetch()}
        toolbar={
          <CsvExportButton
            path={`/projects/${encodeURIComponent(id)}/transactions/export.csv`}
            query={apiQuery}
            filename="transactions.csv"
          />
        }
        empty={
          <EmptyState
            icon="pi-credit-card"
            title={query.filters.length ? tr('transactions.list.noMatch') : tr('transactions.list.none')}
          >
            <p>{tr('transactions.list.emptyText')}</p>
          </EmptyState>
        }
      />
    </>
  );
}
