import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';

export default function BusinessesPage() {
  return (
    <>
      <PageHeader title="Businesses" subtitle="The legal entities you take payments for." />
      <EmptyState icon="pi-building" title="No businesses yet">
        <p>
          Each business you own will be listed here with its legal name, country, default currency, support
          email and payment provider (the built-in simulator, or Stripe with its keys stored encrypted).
        </p>
        <p>Business management is being enabled on this server; nothing is stored for you yet.</p>
      </EmptyState>
    </>
  );
}
