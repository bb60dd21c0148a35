import type { Item } from '@scanline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useParams } from 'react-router';
import { send } from '../../api/main-requests';
import { useAction } from '../../api/use-action';
import { useT } from '../../lib/i18n/console-intl';
import { formatMoney } from '../../lib/money';
import { useProjectCrumbs } from '../../shared/project-crumbs';
import { useProject } from '../../shared/projects/hooks';
import { EmptyState } from '../../ui/EmptyState';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { itemsKey, itemsPath, useItems } from './hooks';
import { ImportDialog } from './ImportDialog';
import { ItemDialog } from './ItemDialog';

/**
 * `/p/{id}/catalog`: what the project sells (docs/guide/catalogue.md). Everyone with access
 * reads it; admins and the owner add, edit, archive, restore and import.
 */
export default function ItemsPage() {
  const { id = '' } = useParams();
  const { t } = useT();
  const ui = useUi();
  const crumbs = useProjectCrumbs(t('items.title'));
  const query = useTableQuery();
  const items = useItems(id, query.apiQuery);
  const project = useProject(id);
  const currency = project.data?.currency ?? 'EUR';
  const canManage = project.data?.role === 'owner' || project.data?.role === 'admin';
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const client = useQueryClient();
  const refresh = [itemsKey(id)];
  const create = useAction((body: object) => send<Item>('POST', itemsPath(id), body), refresh);
  const update = useAction(
    ({ itemId, body }: { itemId: string; body: object }) =>
      send<Item>('PATCH', `${itemsPath(id)}/${encodeURIComponent(itemId)}`, body),
    refresh,
  );
  const archive = (item: Item) =>
    update.mutateAsync({ itemId: item.id, body: { archived: !item.archived } }).then(
      () =>
        ui.toast(
          'success',
          item.archived ? t('items.restored', { name: item.name }) : t('items.archived', { name: item.name }),
        ),
      (e: Error) => ui.toast('error', t('items.notSaved'), e.message),
    );
  const price = (item: Item) =>
    item.variants.length > 0
      ? item.variants
          .map((v) => `${v.name} ${v.price === null ? t('items.atCounter') : formatMoney(v.price, currency)}`)
          .join(' · ')
      : item.price === null
        ? t('items.atCounter')
        : formatMoney(item.price, currency);

  const columns: TableColumn<Item>[] = [
    { field: 'name', header: t('items.name'), sortable: true, filterable: true },
    { field: 'category', header: t('items.category'), filterable: true, body: (i) => i.category ?? '—' },
    { field: 'price', header: t('items.price'), body: price },
    {
      field: 'tax_rate',
      header: t('items.taxRate'),
      body: (i) => (i.tax_rate === null ? t('items.projectRate') : `${i.tax_rate} %`),
    },
    { field: 'sku', header: t('items.sku'), filterable: true, hiddenByDefault: true },
    {
      field: 'archived',
      header: t('items.status'),
      filterable: true,
      options: [
        { value: 'false', label: t('items.active') },
        { value: 'true', label: t('items.archivedTag') },
      ],
      body: (i) =>
        i.archived ? (
          <Tag severity="warning" value={t('items.archivedTag')} />
        ) : (
          <Tag severity="success" value={t('items.active')} />
        ),
    },
    { field: 'position', header: t('items.position'), sortable: true, hiddenByDefault: true },
    { field: 'created_at', header: t('items.created'), type: 'date', sortable: true, hiddenByDefault: true },
    ...(canManage
      ? [
          {
            field: 'actions',
            header: t('items.actions'),
            body: (i: Item) => (
              <div className="row-actions">
                <Button label={t('items.edit')} text size="small" onClick={() => setEditing(i)} />
                <Button
                  label={i.archived ? t('items.restore') : t('items.archive')}
                  text
                  size="small"
                  severity={i.archived ? undefined : 'danger'}
                  onClick={() => void archive(i)}
                />
              </div>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t('items.title')}
        subtitle={t('items.subtitle')}
        crumbs={crumbs}
        actions={
          <div className="flex flex-wrap gap-2">
            <a className="p-button p-button-text" href={`/api/v1${itemsPath(id)}/export.csv`} download>
              <i className="pi pi-download mr-2" aria-hidden="true" />
              {t('items.export')}
            </a>
            {canManage && (
              <Button
                label={t('items.import')}
                icon="pi pi-upload"
                outlined
                onClick={() => setImporting(true)}
              />
            )}
            {canManage && (
              <Button label={t('items.add')} icon="pi pi-plus" onClick={() => setEditing('new')} />
            )}
          </div>
        }
      />
      <ServerTable
        id="items"
        columns={columns}
        query={query}
        rows={project.isPending ? undefined : items.data?.data}
        nextCursor={items.data?.next_cursor}
        loading={items.isPending || project.isPending}
        error={items.error}
        onRetry={() => void items.refetch()}
        empty={
          <EmptyState
            icon="pi-shopping-bag"
            title={query.filters.length ? t('items.noMatch') : t('items.none')}
            action={
              !query.filters.length && canManage ? (
                <Button label={t('items.add')} onClick={() => setEditing('new')} />
              ) : undefined
            }
          >
            <p>{t('items.noneText')}</p>
          </EmptyState>
        }
      />
      {editing && (
        <ItemDialog
          item={editing === 'new' ? null : editing}
          currency={currency}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            if (editing === 'new') await create.mutateAsync(body);
            else await update.mutateAsync({ itemId: editing.id, body });
            ui.toast('success', editing === 'new' ? t('items.addedToast') : t('items.saved'));
            setEditing(null);
          }}
        />
      )}
      {importing && (
        <ImportDialog
          projectId={id}
          onClose={() => setImporting(false)}
          onApplied={(result) => {
            setImporting(false);
            ui.toast('success', t('items.import.done', { created: result.created, updated: result.updated }));
            void client.invalidateQueries({ queryKey: itemsKey(id) });
          }}
        />
      )}
    </>
  );
}
