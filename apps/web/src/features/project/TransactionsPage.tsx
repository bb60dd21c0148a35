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
    />
  );
}
