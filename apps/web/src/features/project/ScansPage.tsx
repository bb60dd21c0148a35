import { ProjectSection } from './ProjectSection';

export default function ScansPage() {
  return (
    <ProjectSection
      text={{
        title: 'Scans',
        subtitle: 'Every time a shopper scanned a terminal code.',
        icon: 'pi-qrcode',
        emptyTitle: 'No scans yet',
        what: 'Each scan of a terminal QR code will be listed here with its terminal, outcome (opened, paid, abandoned or rejected), device and time, so you can see how many scans lead to a payment.',
      }}
      columns={[
        { field: 'created_at', header: 'Time', type: 'date', sortable: true, filterable: true },
        { field: 'terminal_label', header: 'Terminal', sortable: true, filterable: true },
        { field: 'outcome', header: 'Outcome', filterable: true },
        { field: 'transaction_id', header: 'Transaction', filterable: true },
        { field: 'user_agent', header: 'Device', hiddenByDefault: true },
      ]}
    />
  );
}
