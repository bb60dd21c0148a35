import './webhooks.css';
import type { Webhook } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useFormatDate } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { GatedButton } from '../../ui/GatedButton';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { useProjectCrumbs } from '../project/project-crumbs';
import { useProject } from '../projects/hooks';
import { QueryState } from '../workspace/QueryState';
import { percent } from './format';
import { useWebhookActions, useWebhooks } from './hooks';
import { SecretDialog } from './SecretDialog';
import { WebhookDialog } from './WebhookDialog';

function EnabledTag({ webhook }: { webhook: Webhook }) {
  if (webhook.enabled) return <Tag severity="success" value="Enabled" />;
  const why =
    webhook.disabled_reason === 'gone'
      ? 'Disabled: the receiver answered 410 Gone'
      : webhook.disabled_reason === 'failing'
        ? 'Disabled: every delivery failed for 5 days'
        : 'Disabled';
  return <Tag severity={webhook.disabled_reason ? 'danger' : 'secondary'} value={why} />;
}

function Health({ webhook }: { webhook: Webhook }) {
  const formatDate = useFormatDate();
  const h = webhook.health;
  const rate = h.success_rate_24h;
  const severity = rate === null ? 'muted' : rate >= 0.99 ? 'ok' : rate >= 0.9 ? 'warn' : 'bad';
  return (
    <div className="webhook-health">
      <span className={`health-rate health-${severity}`}>{percent(rate)}</span>
      <span className="muted">
        {h.attempts_24h} attempt{h.attempts_24h === 1 ? '' : 's'} in 24 h
      </span>
      {h.last_failure_at && (
        <span className="muted" title={h.last_failure_reason ?? undefined}>
          Last failure {formatDate(h.last_failure_at)}
        </span>
      )}
    </div>
  );
}

export default function WebhooksPage() {
  const { id = '' } = useParams();
  const ui = useUi();
  const crumbs = useProjectCrumbs('Webhooks');
  const project = useProject(id);
  const webhooks = useWebhooks(id);
  const actions = useWebhookActions(id);
  const canManage = project.data?.role === 'owner' || project.data?.role === 'admin';
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secretFor, setSecretFor] = useState<{ webhook: Webhook; secret?: string } | null>(null);

  const sendTest = (w: Webhook) =>
    actions.test.mutateAsync(w.id).then(
      () => ui.toast('success', 'Test event sent', `webhook.test is on its way to ${w.url}`),
      (e: Error) => ui.toast('error', 'Test not sent', e.message),
    );
  const setEnabled = (w: Webhook, enabled: boolean) =>
    actions.update.mutateAsync({ wid: w.id, body: { enabled } }).then(
      () => ui.toast('success', enabled ? 'Endpoint enabled' : 'Endpoint disabled'),
      (e: Error) => ui.toast('error', 'Not changed', e.message),
    );
  const remove = (w: Webhook) =>
    ui.confirm({
      header: 'Delete this endpoint?',
      message: `${w.url} stops receiving events, and its delivery history is deleted. This cannot be undone.`,
      acceptLabel: 'Delete endpoint',
      danger: true,
      onAccept: () =>
        actions.remove.mutateAsync(w.id).then(
          () => ui.toast('success', 'Endpoint deleted'),
          (e: Error) => ui.toast('error', 'Not deleted', e.message),
        ),
    });

  const rowActions = (w: Webhook) => (
    <div className="row-actions">
      <Link to={w.id} className="p-button p-button-text p-button-sm">
        Deliveries
      </Link>
      {canManage && (
        <>
          <Button
            label="Send test"
            text
            size="small"
            onClick={() => void sendTest(w)}
            disabled={!w.enabled}
          />
          <Button label="Secret" text size="small" onClick={() => setSecretFor({ webhook: w })} />
          <Button label="Edit" text size="small" onClick={() => setEditing(w)} />
          <Button
            label={w.enabled ? 'Disable' : 'Enable'}
            text
            size="small"
            onClick={() => void setEnabled(w, !w.enabled)}
          />
          <Button label="Delete" text size="small" severity="danger" onClick={() => remove(w)} />
        </>
      )}
    </div>
  );

  return (
    <>
      <PageHeader
        title="Webhooks"
        crumbs={crumbs}
        subtitle="Endpoints on your servers that receive this project's events, signed and retried."
        actions={
          <GatedButton
            label="Add endpoint"
            icon="pi pi-plus"
            onClick={() => setEditing('new')}
            allowed={canManage}
            reason="Only admins and the owner manage webhooks"
          />
        }
      />
      <QueryState query={project.isError ? project : webhooks}>
        {() =>
          webhooks.data?.length ? (
            <DataTable
              value={webhooks.data}
              dataKey="id"
              responsiveLayout="stack"
              breakpoint="767px"
              stripedRows
              className="webhook-table"
              aria-label="Webhook endpoints"
            >
              <Column
                header="Endpoint"
                body={(w: Webhook) => (
                  <div className="webhook-url">
                    <Link to={w.id}>
                      <code>{w.url}</code>
                    </Link>
                    {w.description && <span className="muted">{w.description}</span>}
                  </div>
                )}
              />
              <Column
                header="Events"
                body={(w: Webhook) =>
                  w.event_types.length === 0 ? (
                    <Tag severity="info" value="All events" />
                  ) : (
                    <span title={w.event_types.join(', ')}>
                      {w.event_types.length === 1 ? w.event_types[0] : `${w.event_types.length} types`}
                    </span>
                  )
                }
              />
              <Column header="Status" body={(w: Webhook) => <EnabledTag webhook={w} />} />
              <Column header="Health (24 h)" body={(w: Webhook) => <Health webhook={w} />} />
              <Column header="Actions" body={rowActions} />
            </DataTable>
          ) : (
            <EmptyState
              icon="pi-send"
              title="No webhook endpoints yet"
              action={
                canManage ? <Button label="Add an endpoint" onClick={() => setEditing('new')} /> : undefined
              }
            >
              <p>
                Add a URL on your server and Scanline will POST every event you pick (payments, terminals,
                scans, team changes) to it, signed per the Standard Webhooks spec and retried for a day and a
                half if it fails.
              </p>
            </EmptyState>
          )
        }
      </QueryState>
      {editing && (
        <WebhookDialog
          webhook={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={async (form) => {
            if (editing === 'new') {
              const created = await actions.create.mutateAsync({
                url: form.url,
                event_types: form.event_types as never,
                enabled: form.enabled,
                ...(form.description ? { description: form.description } : {}),
              });
              setEditing(null);
              setSecretFor({ webhook: created, secret: created.secret });
            } else {
              await actions.update.mutateAsync({
                wid: editing.id,
                body: {
                  url: form.url,
                  description: form.description || null,
                  event_types: form.event_types as never,
                  enabled: form.enabled,
                },
              });
              setEditing(null);
              ui.toast('success', 'Endpoint saved');
            }
          }}
        />
      )}
      {secretFor && (
        <SecretDialog
          projectId={id}
          webhook={secretFor.webhook}
          initialSecret={secretFor.secret}
          onClose={() => setSecretFor(null)}
        />
      )}
    </>
  );
}
