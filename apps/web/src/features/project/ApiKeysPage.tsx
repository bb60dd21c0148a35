import type { ApiKey } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useParams } from 'react-router';
import { send } from '../../api/main-requests';
import { keys } from '../../api/query-keys';
import { useAction } from '../../api/use-action';
import { useT } from '../../lib/i18n/console-intl';
import { useProject } from '../../shared/projects/hooks';
import { DateText } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { GatedButton } from '../../ui/GatedButton';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { ApiKeyStatus } from './api-keys/ApiKeyStatus';
import { CreateKeyDialog } from './api-keys/CreateKeyDialog';
import { type ApiKeyWithSecret, KeySecretDialog } from './api-keys/KeySecretDialog';
import { RollKeyDialog } from './api-keys/RollKeyDialog';
import { useApiKeysPage } from './hooks';

export default function ApiKeysPage() {
  const { id = '' } = useParams();
  const ui = useUi();
  const { t } = useT();
  const project = useProject(id);
  const query = useTableQuery();
  const apiKeys = useApiKeysPage(id, query.apiQuery);
  const canManage = project.data?.role === 'owner' || project.data?.role === 'admin';
  const [creating, setCreating] = useState(false);
  const [rolling, setRolling] = useState<ApiKey | null>(null);
  const [shown, setShown] = useState<ApiKeyWithSecret | null>(null);
  const refresh = [keys.apiKeys(id)];
  const create = useAction(
    (body: object) => send<ApiKeyWithSecret>('POST', `/projects/${id}/api-keys`, body),
    refresh,
  );
  const roll = useAction(
    ({ keyId, grace }: { keyId: string; grace: number }) =>
      send<ApiKeyWithSecret>('POST', `/projects/${id}/api-keys/${keyId}/roll`, {
        grace_period_seconds: grace,
      }),
    refresh,
  );
  const revoke = useAction((keyId: string) => send('DELETE', `/projects/${id}/api-keys/${keyId}`), refresh);
  const actions = (k: ApiKey) =>
    canManage && !k.revoked_at ? (
      <div className="row-actions">
        <Button label={t('project.keys.roll')} text size="small" onClick={() => setRolling(k)} />
        <Button
          label={t('project.keys.revoke')}
          text
          size="small"
          severity="danger"
          onClick={() =>
            ui.confirm({
              header: t('project.keys.revokeHeader', { name: k.name }),
              message: t('project.keys.revokeMessage'),
              acceptLabel: t('project.keys.revokeAccept'),
              danger: true,
              onAccept: () =>
                revoke.mutateAsync(k.id).then(
                  () => ui.toast('success', t('project.keys.revoked')),
                  (e: Error) => ui.toast('error', t('project.keys.notRevoked'), e.message),
                ),
            })
          }
        />
      </div>
    ) : null;
  // Sorts and filters run on the server: only the columns it knows offer them.
  const columns: TableColumn<ApiKey>[] = [
    { field: 'name', header: t('project.keys.colName'), sortable: true, filterable: true },
    {
      field: 'prefix',
      header: t('project.keys.colKey'),
      filterable: true,
      body: (k) => <code>{k.prefix}_…</code>,
    },
    {
      field: 'mode',
      header: t('project.keys.colMode'),
      filterable: true,
      options: [
        { label: t('project.keys.modeRead'), value: 'read' },
        { label: t('project.keys.modeWrite'), value: 'write' },
      ],
      body: (k) => (
        <Tag
          severity={k.mode === 'write' ? 'warning' : 'info'}
          value={k.mode === 'write' ? t('project.keys.modeWrite') : t('project.keys.modeRead')}
        />
      ),
    },
    { field: 'status', header: t('project.keys.colStatus'), body: (k) => <ApiKeyStatus apiKey={k} /> },
    {
      field: 'created_at',
      header: t('project.keys.colCreated'),
      type: 'date',
      sortable: true,
      filterable: true,
      body: (k) => <DateText value={k.created_at} />,
    },
    {
      field: 'last_used_at',
      header: t('project.keys.colLastUsed'),
      type: 'date',
      filterable: true,
      body: (k) => <DateText value={k.last_used_at} empty={t('project.keys.never')} />,
    },
    {
      field: 'expires_at',
      header: t('project.keys.colExpires'),
      type: 'date',
      body: (k) => <DateText value={k.expires_at} empty={t('project.keys.never')} />,
    },
    { field: 'actions', header: t('project.keys.colActions'), body: actions },
  ];
  return (
    <>
      <PageHeader
        title={t('project.keys.title')}
        subtitle={t('project.keys.subtitle')}
        actions={
          <GatedButton
            label={t('project.keys.new')}
            icon="pi pi-plus"
            onClick={() => setCreating(true)}
            allowed={canManage}
            reason={t('project.keys.onlyAdmins')}
          />
        }
      />
      <ServerTable
        id="api-keys"
        columns={columns}
        query={query}
        rows={apiKeys.data?.data}
        nextCursor={apiKeys.data?.next_cursor}
        loading={apiKeys.isFetching}
        error={project.error ?? apiKeys.error}
        onRetry={() => void apiKeys.refetch()}
        empty={
          query.filters.length ? (
            <EmptyState icon="pi-filter-slash" title={t('project.keys.noMatch')}>
              <p>{t('project.keys.noMatchText')}</p>
            </EmptyState>
          ) : (
            <EmptyState
              icon="pi-key"
              title={t('project.keys.none')}
              action={
                canManage ? (
                  <Button label={t('project.keys.createFirst')} onClick={() => setCreating(true)} />
                ) : undefined
              }
            >
              <p>{t('project.keys.emptyText')}</p>
            </EmptyState>
          )
        }
      />
      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreate={async (body) => {
            setShown(await create.mutateAsync(body));
            setCreating(false);
          }}
        />
      )}
      {rolling && (
        <RollKeyDialog
          apiKey={rolling}
          onClose={() => setRolling(null)}
          onRoll={async (grace) => {
            setShown(await roll.mutateAsync({ keyId: rolling.id, grace }));
            setRolling(null);
          }}
        />
      )}
      {shown && <KeySecretDialog apiKey={shown} onClose={() => setShown(null)} />}
    </>
  );
}
