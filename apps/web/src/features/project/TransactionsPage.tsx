import { ProjectSection } from './ProjectSection';

export default function TransactionsPage() {
  return (
    <ProjectSection
      text={{
        title: 'Transactions',
        subtitle: 'Card payments taken through this project.',
        icon: 'pi-credit-card',
        emptyTitle: 'No transactions yet',
        what: 'Every card payment will be listed here with its amount, status, terminal, card brand and last four digits, reference and history, with refunds and CSV export.',
      }}
      columns={[
        { field: 'created_at', header: 'Date', type: 'date', sortable: true, filterable: true },
        { field: 'amount', header: 'Amount', type: 'numeric', sortable: true, filterable: true },
        { field: 'status', header: 'Status', filterable: true },
        { field: 'terminal_label', header: 'Terminal', sortable: true, filterable: true },
        { field: 'card_last4', header: 'Card', filterable: true },
        { field: 'reference', header: 'Reference', filterable: true },
        { field: 'provider_reference', header: 'Provider reference', hiddenByDefault: true },
      ]}
    />
  );
}
