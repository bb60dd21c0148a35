import type { Business } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { send } from '../../api/main-requests';
import { keys } from '../../api/query-keys';
import { useAction } from '../../api/use-action';
import { useT } from '../../lib/i18n/console-intl';
import { DateText } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { BusinessForm, type BusinessInput } from './BusinessForm';
import { useBusinessesPage } from './hooks';
import { WalletDialog } from './WalletDialog';

export default function BusinessesPage() {
  const ui = useUi();
  const { t } = useT();
  const query = useTableQuery();
  const businesses = useBusinessesPage(query.apiQuery);
  const [editing, setEditing] = useState<Business | 'new' | null>(null);
  const [wallets, setWallets] = useState<Business | null>(null);
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
      ui.toast(
        r.ok ? 'success' : 'warn',
        r.ok ? t('businesses.test.works') : t('businesses.test.refused'),
        r.detail,
      );
    } catch (error) {
      ui.toast('error', t('businesses.test.failed'), (error as Error).message);
    }
  };
  const confirmDelete = (b: Business) =>
    ui.confirm({
      header: t('businesses.delete.title', { name: b.name }),
      message: t('businesses.delete.text'),
      acceptLabel: t('businesses.delete.button'),
      danger: true,
      onAccept: async () => {
        try {
          await remove.mutateAsync(b.id);
          ui.toast('success', t('businesses.delete.done'));
        } catch (error) {
          ui.toast('error', t('businesses.delete.failed'), (error as Error).message);
        }
      },
    });
  const columns: TableColumn<Business>[] = [
    { field: 'name', header: t('businesses.col.name'), sortable: true, filterable: true },
    { field: 'country', header: t('businesses.col.country'), filterable: true },
    { field: 'default_currency', header: t('businesses.col.currency'), filterable: true },
    {
      field: 'payment_provider',
      header: t('businesses.col.payments'),
      body: (b) => (
        <Tag
          severity={b.payment_provider === 'stripe' ? 'info' : 'secondary'}
          value={
            b.payment_provider === 'stripe'
              ? `Stripe ••••${b.stripe_secret_key_last4 ?? ''}`
              : t('businesses.simulator')
          }
        />
      ),
    },
    {
      field: 'created_at',
      header: t('businesses.col.created'),
      type: 'date',
      sortable: true,
      filterable: true,
      body: (b) => <DateText value={b.created_at} withTime={false} />,
    },
    {
      field: 'actions',
      header: t('businesses.col.actions'),
      body: (b) => (
        <div className="row-actions">
          <Button
            icon="pi pi-pencil"
            text
            rounded
            aria-label={t('businesses.action.edit', { name: b.name })}
            onClick={() => setEditing(b)}
          />
          <Button
            icon="pi pi-bolt"
            text
            rounded
            aria-label={t('businesses.action.test', { name: b.name })}
            onClick={() => void test(b)}
          />
          <Button
            icon="pi pi-mobile"
            text
            rounded
            aria-label={t('businesses.action.wallets', { name: b.name })}
            onClick={() => setWallets(b)}
          />
          <Button
            icon="pi pi-trash"
            text
            rounded
            severity="danger"
            aria-label={t('businesses.action.delete', { name: b.name })}
            onClick={() => confirmDelete(b)}
          />
        </div>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('businesses.title')}
        subtitle={t('businesses.subtitle')}
        actions={<Button label={t('businesses.new')} icon="pi pi-plus" onClick={() => setEditing('new')} />}
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
            <EmptyState icon="pi-filter-slash" title={t('businesses.noMatch')}>
              <p>{t('businesses.noMatchText')}</p>
            </EmptyState>
          ) : (
            <EmptyState
              icon="pi-building"
              title={t('businesses.none')}
              action={
                <Button
                  label={t('businesses.addFirst')}
                  icon="pi pi-plus"
                  onClick={() => setEditing('new')}
                />
              }
            >
              <p>{t('businesses.emptyText')}</p>
            </EmptyState>
          )
        }
      />
      {wallets && <WalletDialog business={wallets} onClose={() => setWallets(null)} />}
      {editing && (
        <BusinessForm
          business={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSubmit={async (body) => {
            if (editing === 'new') await create.mutateAsync(body);
            else await update.mutateAsync({ id: editing.id, body });
            ui.toast('success', editing === 'new' ? t('businesses.created') : t('businesses.saved'));
          }}
        />
      )}
    </>
  );
}
