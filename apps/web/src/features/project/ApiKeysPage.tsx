import type { ApiKey } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { formErrors } from '../../api/api-error';
import { DateText } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { FormField } from '../../ui/FormField';
import { GatedButton } from '../../ui/GatedButton';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { keys, send, useAction, useApiKeysPage, useProject } from '../workspace/hooks';

type WithSecret = ApiKey & { secret: string };
const GRACE = [
  { value: 0, label: 'Stop the old secret now' },
  { value: 3600, label: '1 hour' },
  { value: 86_400, label: '24 hours' },
  { value: 604_800, label: '7 days' },
];

function status(k: ApiKey) {
  if (k.revoked_at) return <Tag severity="danger" value="Revoked" />;
  if (k.expires_at && new Date(k.expires_at) < new Date()) return <Tag severity="warning" value="Expired" />;
  return <Tag severity="success" value="Active" />;
}

export default function ApiKeysPage() {
  const { id = '' } = useParams();
  const ui = useUi();
  const project = useProject(id);
  const query = useTableQuery();
  const apiKeys = useApiKeysPage(id, query.apiQuery);
  const canManage = project.data?.role === 'owner' || project.data?.role === 'admin';
  const [creating, setCreating] = useState(false);
  const [rolling, setRolling] = useState<ApiKey | null>(null);
  const [shown, setShown] = useState<WithSecret | null>(null);
  const refresh = [keys.apiKeys(id)];
  const create = useAction(
    (body: object) => send<WithSecret>('POST', `/projects/${id}/api-keys`, body),
    refresh,
  );
  const roll = useAction(
    ({ keyId, grace }: { keyId: string; grace: number }) =>
      send<WithSecret>('POST', `/projects/${id}/api-keys/${keyId}/roll`, { grace_period_seconds: grace }),
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
    { field: 'status', header: 'Status', body: status },
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
        <RollDialog
          apiKey={rolling}
          onClose={() => setRolling(null)}
          onRoll={async (grace) => {
            setShown(await roll.mutateAsync({ keyId: rolling.id, grace }));
            setRolling(null);
          }}
        />
      )}
      {shown && <SecretDialog apiKey={shown} onClose={() => setShown(null)} />}
    </>
  );
}

function CreateKeyDialog({
  onClose,
  onCreate,
}: {
  onClose: () => void;
  onCreate: (body: object) => Promise<void>;
}) {
  const [name, setName] = useState('');
  const [mode, setMode] = useState<'read' | 'write'>('read');
  const [expires, setExpires] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    try {
      await onCreate({ name, mode, ...(expires ? { expires_at: new Date(expires).toISOString() } : {}) });
    } catch (err) {
      const shown = formErrors(err, ['name', 'mode', 'expires_at']);
      setErrors(shown.byField);
      setError(shown.form);
    }
  };
  return (
    <Dialog header="New API key" visible onHide={onClose} style={{ width: 'min(30rem, 95vw)' }} modal>
      <form onSubmit={submit} className="auth-form p-fluid" noValidate>
        {error && (
          <p className="p-error" role="alert">
            {error}
          </p>
        )}
        <FormField
          id="key-name"
          label="Name"
          help="What uses it, e.g. “Back office server”."
          error={errors.name}
        >
          <InputText
            id="key-name"
            value={name}
            invalid={Boolean(errors.name)}
            aria-describedby={errors.name ? 'key-name-error' : 'key-name-help'}
            onChange={(e) => setName(e.target.value)}
            autoFocus
          />
        </FormField>
        <FormField id="key-mode" label="Mode" error={errors.mode}>
          <Dropdown
            inputId="key-mode"
            value={mode}
            onChange={(e) => setMode(e.value)}
            options={[
              { value: 'read', label: 'Read — can only read' },
              { value: 'write', label: 'Write — can read and change' },
            ]}
          />
        </FormField>
        <FormField id="key-expires" label="Expires (optional)" error={errors.expires_at}>
          <InputText
            id="key-expires"
            invalid={Boolean(errors.expires_at)}
            aria-describedby={errors.expires_at ? 'key-expires-error' : undefined}
            type="date"
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
          />
        </FormField>
        <div className="dialog-actions">
          <Button type="button" label="Cancel" text onClick={onClose} />
          <Button type="submit" label="Create key" disabled={!name.trim()} />
        </div>
      </form>
    </Dialog>
  );
}

function RollDialog({
  apiKey,
  onClose,
  onRoll,
}: {
  apiKey: ApiKey;
  onClose: () => void;
  onRoll: (grace: number) => Promise<void>;
}) {
  const [grace, setGrace] = useState(86_400);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      header={`Roll ${apiKey.name}`}
      visible
      onHide={onClose}
      style={{ width: 'min(30rem, 95vw)' }}
      modal
    >
      <div className="auth-form p-fluid">
        {error && (
          <p className="p-error" role="alert">
            {error}
          </p>
        )}
        <p>A new secret replaces this one. Keep the old one working while you deploy the new one:</p>
        <FormField id="roll-grace" label="Old secret keeps working for">
          <Dropdown inputId="roll-grace" value={grace} options={GRACE} onChange={(e) => setGrace(e.value)} />
        </FormField>
        <div className="dialog-actions">
          <Button type="button" label="Cancel" text onClick={onClose} />
          <Button label="Roll key" onClick={() => onRoll(grace).catch((e: Error) => setError(e.message))} />
        </div>
      </div>
    </Dialog>
  );
}

function SecretDialog({ apiKey, onClose }: { apiKey: WithSecret; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog
      header={`Secret for ${apiKey.name}`}
      visible
      onHide={onClose}
      style={{ width: 'min(36rem, 95vw)' }}
      modal
      closable={false}
    >
      <Message
        severity="warn"
        className="mb-3"
        text="Copy this secret now. It is shown only once; Scanline keeps only a hash of it."
      />
      <div className="secret-box">
        <code data-testid="api-key-secret">{apiKey.secret}</code>
        <Button
          icon={copied ? 'pi pi-check' : 'pi pi-copy'}
          label={copied ? 'Copied' : 'Copy'}
          size="small"
          onClick={() =>
            navigator.clipboard.writeText(apiKey.secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        />
      </div>
      <div className="dialog-actions">
        <Button label="I have stored it" onClick={onClose} />
      </div>
    </Dialog>
  );
}
