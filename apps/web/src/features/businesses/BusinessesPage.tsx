import type { Business } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { send } from '../../api/main-requests';
import { keys } from '../../api/query-keys';
import { useAction } from '../../api/use-action';
import { DateText } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { BusinessForm, type BusinessInput } from './BusinessForm';
import { useBusinessesPage } from './hooks';

export default function BusinessesPage() {
  const ui = useUi();
  const query = useTableQuery();
  const businesses = useBusinessesPage(query.apiQuery);
  const [editing, setEditing] = useState<Business | 'new' | null>(null);
  const create = useAction((body: BusinessInput) => send('POST', '/businesses', body), [keys.businesses]);
  const update = useAction(
    ({ id, body }: { id: string; body: BusinessInput }) => send('PATCH', `/businesses/${id}`, body),
    [keys.businesses],
  );
  const remove = useAction((id: string) => send('DELETE', `/businesses/${id}`), [keys.businesses]);
  const test = async (b: Business) => {
    try {
      const r = await send<{ ok: boolean; detail: string }>(
        'POST',
        `/businesses/${b.id}/payment-provider/test`,
      );
      ui.toast(r.ok ? 'success' : 'warn', r.ok ? 'Connection works' : 'Connection refused', r.detail);
    } catch (error) {
      ui.toast('error', 'Could not test the connection', (error as Error).message);
    }
  };
  const confirmDelete = (b: Business) =>
    ui.confirm({
      header: `Delete ${b.name}?`,
      message: 'The business and its stored payment keys are deleted. Projects must not use it any more.',
      acceptLabel: 'Delete business',
      danger: true,
      onAccept: async () => {
        try {
          await remove.mutateAsync(b.id);
          ui.toast('success', 'Business deleted');
        } catch (error) {
          ui.toast('error', 'Not deleted', (error as Error).message);
        }
      },
    });
  const columns: TableColumn<Business>[] = [
    { field: 'name', header: 'Name', sortable: true, filterable: true },
    { field: 'country', header: 'Country', filterable: true },
    { field: 'default_currency', header: 'Currency', filterable: true },
    {
      field: 'payment_provider',
      header: 'Payments',
      body: (b) => (
        <Tag
          severity={b.payment_provider === 'stripe' ? 'info' : 'secondary'}
          value={
            b.payment_provider === 'stripe' ? `Stripe ••••${b.stripe_secret_key_last4 ?? ''}` : 'Simulator'
          }
        />
      ),
    },
    {
      field: 'created_at',
      header: 'Created',
      type: 'date',
      sortable: true,
      filterable: true,
      body: (b) => <DateText value={b.created_at} withTime={false} />,
    },
    {
      field: 'actions',
      header: 'Actions',
      body: (b) => (
        <div className="row-actions">
          <Button
            icon="pi pi-pencil"
            text
            rounded
            aria-label={`Edit ${b.name}`}
            onClick={() => setEditing(b)}
          />
          <Button
            icon="pi pi-bolt"
            text
            rounded
            aria-label={`Test ${b.name}'s payment connection`}
            onClick={() => void test(b)}
          />
          <Button
            icon="pi pi-trash"
            text
            rounded
            severity="danger"
            aria-label={`Delete ${b.name}`}
            onClick={() => confirmDelete(b)}
          />
        </div>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Businesses"
        subtitle="The legal entities you take payments for."
        actions={<Button label="New business" icon="pi pi-plus" onClick={() => setEditing('new')} />}
      />
      <ServerTable
        id="businesses"
        columns={columns}
        query={query}
        rows={businesses.data?.data}
        nextCursor={businesses.data?.next_cursor}
        loading={businesses.isFetching}
        error={businesses.error}
        onRetry={() => void businesses.refetch()}
        empty={
          query.filters.length ? (
            <EmptyState icon="pi-filter-slash" title="No business matches these filters">
              <p>Clear a filter to see more.</p>
            </EmptyState>
          ) : (
            <EmptyState
              icon="pi-building"
              title="No businesses yet"
              action={
                <Button label="Add your first business" icon="pi pi-plus" onClick={() => setEditing('new')} />
              }
            >
              <p>
                A business is the legal entity that takes payments: its country, currency and payment
                provider.
              </p>
            </EmptyState>
          )
        }
      />
      {editing && (
        <BusinessForm
          business={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSubmit={async (body) => {
            if (editing === 'new') await create.mutateAsync(body);
            else await update.mutateAsync({ id: editing.id, body });
            ui.toast('success', editing === 'new' ? 'Business created' : 'Business saved');
          }}
        />
      )}
    </>
  );
}
