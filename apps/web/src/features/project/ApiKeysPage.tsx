import type { ApiKey } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useParams } from 'react-router';
import { send } from '../../api/main-requests';
import { keys } from '../../api/query-keys';
import { useAction } from '../../api/use-action';
import { DateText } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { GatedButton } from '../../ui/GatedButton';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { useProject } from '../projects/hooks';
import { ApiKeyStatus } from './api-keys/ApiKeyStatus';
import { CreateKeyDialog } from './api-keys/CreateKeyDialog';
import { type ApiKeyWithSecret, KeySecretDialog } from './api-keys/KeySecretDialog';
import { RollKeyDialog } from './api-keys/RollKeyDialog';
import { useApiKeysPage } from './hooks';

export default function ApiKeysPage() {
  const { id = '' } = useParams();
  const ui = useUi();
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
        <Button label="Roll" text size="small" onClick={() => setRolling(k)} />
        <Button
          label="Revoke"
          text
          size="small"
          severity="danger"
          onClick={() =>
            ui.confirm({
              header: `Revoke ${k.name}?`,
              message: 'Requests with this key fail from now on. This cannot be undone.',
              acceptLabel: 'Revoke key',
              danger: true,
              onAccept: () =>
                revoke.mutateAsync(k.id).then(
                  () => ui.toast('success', 'Key revoked'),
                  (e: Error) => ui.toast('error', 'Not revoked', e.message),
                ),
            })
          }
        />
      </div>
    ) : null;
  // Sorts and filters run on the server (issue 9): only the columns it knows offer them.
  const columns: TableColumn<ApiKey>[] = [
    { field: 'name', header: 'Name', sortable: true, filterable: true },
    { field: 'prefix', header: 'Key', filterable: true, body: (k) => <code>{k.prefix}_…</code> },
    {
      field: 'mode',
      header: 'Mode',
      filterable: true,
      options: [
        { label: 'read', value: 'read' },
        { label: 'write', value: 'write' },
      ],
      body: (k) => <Tag severity={k.mode === 'write' ? 'warning' : 'info'} value={k.mode} />,
    },
    { field: 'status', header: 'Status', body: (k) => <ApiKeyStatus apiKey={k} /> },
    {
      field: 'created_at',
      header: 'Created',
      type: 'date',
      sortable: true,
      filterable: true,
      body: (k) => <DateText value={k.created_at} />,
    },
    {
      field: 'last_used_at',
      header: 'Last used',
      type: 'date',
      filterable: true,
      body: (k) => <DateText value={k.last_used_at} empty="Never" />,
    },
    {
      field: 'expires_at',
      header: 'Expires',
      type: 'date',
      body: (k) => <DateText value={k.expires_at} empty="Never" />,
    },
    { field: 'actions', header: 'Actions', body: actions },
  ];
  return (
    <>
      <PageHeader
        title="API keys"
        subtitle="Secrets for your servers to call the Scanline APIs for this project."
        actions={
          <GatedButton
            label="New key"
            icon="pi pi-plus"
            onClick={() => setCreating(true)}
            allowed={canManage}
            reason="Only admins and the owner manage keys"
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
            <EmptyState icon="pi-filter-slash" title="No key matches these filters">
              <p>Clear a filter to see more.</p>
            </EmptyState>
          ) : (
            <EmptyState
              icon="pi-key"
              title="No API keys yet"
              action={
                canManage ? <Button label="Create a key" onClick={() => setCreating(true)} /> : undefined
              }
            >
              <p>
                Keys let your servers call the main and terminal APIs for this project. Read keys cannot
                change anything.
              </p>
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
