import type { Transaction } from '@scanline/contracts';
import { Link, useParams } from 'react-router';
import { formatMoney } from '../../lib/money';
import { CsvExportButton } from '../../ui/CsvExportButton';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { useProjectCrumbs } from '../project/project-crumbs';
import { useProject } from '../projects/hooks';
import { useStaff } from '../staff/hooks';
import { useTerminals } from '../terminals/hooks';
import { toApiAmounts } from './amount-filter';
import { useTransactions } from './hooks';
import { cardLabel, TransactionStatusTag, transactionStatusOptions } from './status';

/** `/p/{id}/transactions`: every card payment, filtered and sorted on the server, live. */
export default function TransactionsPage() {
  const { id = '' } = useParams();
  const crumbs = useProjectCrumbs('Transactions');
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
      header: 'Date',
      type: 'date',
      sortable: true,
      filterable: true,
    },
    {
      field: 'amount',
      header: 'Amount',
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
      header: 'Status',
      filterable: true,
      options: transactionStatusOptions,
      body: (t) => <TransactionStatusTag status={t.status} />,
    },
    {
      field: 'terminal_id',
      header: 'Terminal',
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
      header: 'Card',
      filterable: true,
      body: (t) => cardLabel(t.card_brand, t.card_last4) ?? '—',
    },
    {
      // Issue 26 §3: who sold it; admins pick from the staff, others filter by id.
      field: 'cashier_id',
      header: 'Cashier',
      filterable: true,
      ...(staff.data ? { options: staff.data.map((x) => ({ value: x.id, label: x.name })) } : {}),
      body: (t) => t.cashier_name ?? '—',
    },
    {
      field: 'tip_amount',
      header: 'Tip',
      type: 'numeric',
      body: (t) => (t.tip_amount ? formatMoney(t.tip_amount, t.currency) : '—'),
    },
    { field: 'reference', header: 'Reference', filterable: true },
    { field: 'currency', header: 'Currency', filterable: true },
    {
      field: 'amount_refunded',
      header: 'Refunded',
      type: 'numeric',
      filterable: true,
      hiddenByDefault: true,
      body: (t) => (t.amount_refunded ? formatMoney(t.amount_refunded, t.currency) : '—'),
    },
    { field: 'failure_code', header: 'Failure', hiddenByDefault: true },
    { field: 'id', header: 'ID', hiddenByDefault: true, body: (t) => <code>{t.id}</code> },
    { field: 'provider_reference', header: 'Provider reference', hiddenByDefault: true },
  ];

  return (
    <>
      <PageHeader
        title="Transactions"
        subtitle="Card payments taken through this project, updated live."
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
            title={query.filters.length ? 'No transaction matches these filters' : 'No transactions yet'}
          >
            <p>
              Every card payment taken at this project's terminals appears here as it happens, with its
              amount, status, card and history. Pair a terminal and charge an amount to see the first one.
            </p>
          </EmptyState>
        }
      />
    </>
  );
}
