import './webhooks.css';
import type { Webhook } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { useProjectCrumbs } from '../../shared/project-crumbs';
import { useProject } from '../../shared/projects/hooks';
import { QueryState } from '../../shared/QueryState';
import { percent } from '../../shared/webhooks/format';
import { useWebhookActions, useWebhooks } from '../../shared/webhooks/hooks';
import { useFormatDate } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { GatedButton } from '../../ui/GatedButton';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { SecretDialog } from './SecretDialog';
import { WebhookDialog } from './WebhookDialog';

function EnabledTag({ webhook }: { webhook: Webhook }) {
  const { t } = useT();
  if (webhook.enabled) return <Tag severity="success" value={t('webhooks.list.enabled')} />;
  const why =
    webhook.disabled_reason === 'gone'
      ? t('webhooks.list.disabledGone')
      : webhook.disabled_reason === 'failing'
        ? t('webhooks.list.disabledFailing')
        : t('webhooks.list.disabled');
  return <Tag severity={webhook.disabled_reason ? 'danger' : 'secondary'} value={why} />;
}

function Health({ webhook }: { webhook: Webhook }) {
  const formatDate = useFormatDate();
  const { t } = useT();
  const h = webhook.health;
  const rate = h.success_rate_24h;
  const severity = rate === null ? 'muted' : rate >= 0.99 ? 'ok' : rate >= 0.9 ? 'warn' : 'bad';
  return (
    <div className="webhook-health">
      <span className={`health-rate health-${severity}`}>{percent(rate)}</span>
      <span className="muted">{t('webhooks.list.attempts', { count: h.attempts_24h })}</span>
      {h.last_failure_at && (
        <span className="muted" title={h.last_failure_reason ?? undefined}>
          {t('webhooks.list.lastFailure', { date: formatDate(h.last_failure_at) })}
        </span>
      )}
    </div>
  );
}

export default function WebhooksPage() {
  const { id = '' } = useParams();
  const ui = useUi();
  const { t: tr } = useT();
  const crumbs = useProjectCrumbs(tr('webhooks.list.title'));
  const project = useProject(id);
  const webhooks = useWebhooks(id);
  const actions = useWebhookActions(id);
  const canManage = project.data?.role === 'owner' || project.data?.role === 'admin';
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secretFor, setSecretFor] = useState<{ webhook: Webhook; secret?: string } | null>(null);

  const sendTest = (w: Webhook) =>
    actions.test.mutateAsync(w.id).then(
      () =>
        ui.toast('success', tr('webhooks.list.testSent'), tr('webhooks.list.testSentText', { url: w.url })),
      (e: Error) => ui.toast('error', tr('webhooks.list.testNotSent'), e.message),
    );
  const setEnabled = (w: Webhook, enabled: boolean) =>
    actions.update.mutateAsync({ wid: w.id, body: { enabled } }).then(
      () =>
        ui.toast(
          'success',
          enabled ? tr('webhooks.list.endpointEnabled') : tr('webhooks.list.endpointDisabled'),
        ),
      (e: Error) => ui.toast('error', tr('webhooks.list.notChanged'), e.message),
    );
  const remove = (w: Webhook) =>
    ui.confirm({
      header: tr('webhooks.list.deleteHeader'),
      message: tr('webhooks.list.deleteMessage', { url: w.url }),
      acceptLabel: tr('webhooks.list.deleteAccept'),
      danger: true,
      onAccept: () =>
        actions.remove.mutateAsync(w.id).then(
          () => ui.toast('success', tr('webhooks.list.deleted')),
          (e: Error) => ui.toast('error', tr('webhooks.list.notDeleted'), e.message),
        ),
    });

  const rowActions = (w: Webhook) => (
    <div className="row-actions">
      <Link to={w.id} className="p-button p-button-text p-button-sm">
        {tr('webhooks.list.deliveries')}
      </Link>
      {canManage && (
        <>
          <Button
            label={tr('webhooks.list.sendTest')}
            text
            size="small"
            onClick={() => void sendTest(w)}
            disabled={!w.enabled}
          />
          <Button
            label={tr('webhooks.list.secret')}
            text
            size="small"
            onClick={() => setSecretFor({ webhook: w })}
          />
          <Button label={tr('webhooks.list.edit')} text size="small" onClick={() => setEditing(w)} />
          <Button
            label={w.enabled ? tr('webhooks.list.disable') : tr('webhooks.list.enable')}
            text
            size="small"
            onClick={() => void setEnabled(w, !w.enabled)}
          />
          <Button
            label={tr('webhooks.list.delete')}
            text
            size="small"
            severity="danger"
            onClick={() => remove(w)}
          />
        </>
      )}
    </div>
  );

  return (
    <>
      <PageHeader
        title={tr('webhooks.list.title')}
        crumbs={crumbs}
        subtitle={tr('webhooks.list.subtitle')}
        actions={
          <GatedButton
            label={tr('webhooks.list.add')}
            icon="pi pi-plus"
            onClick={() => setEditing('new')}
            allowed={canManage}
            reason={tr('webhooks.list.onlyAdmins')}
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
              aria-label={tr('webhooks.list.tableLabel')}
            >
              <Column
                header={tr('webhooks.list.colEndpoint')}
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
                header={tr('webhooks.list.colEvents')}
                body={(w: Webhook) =>
                  w.event_types.length === 0 ? (
                    <Tag severity="info" value={tr('webhooks.list.allEvents')} />
                  ) : (
                    <span title={w.event_types.join(', ')}>
                      {w.event_types.length === 1
                        ? w.event_types[0]
                        : tr('webhooks.list.types', { count: w.event_types.length })}
                    </span>
                  )
                }
              />
              <Column
                header={tr('webhooks.list.colStatus')}
                body={(w: Webhook) => <EnabledTag webhook={w} />}
              />
              <Column header={tr('webhooks.list.colHealth')} body={(w: Webhook) => <Health webhook={w} />} />
              <Column header={tr('webhooks.list.colActions')} body={rowActions} />
            </DataTable>
          ) : (
            <EmptyState
              icon="pi-send"
              title={tr('webhooks.list.none')}
              action={
                canManage ? (
                  <Button label={tr('webhooks.list.addFirst')} onClick={() => setEditing('new')} />
                ) : undefined
              }
            >
              <p>{tr('webhooks.list.emptyText')}</p>
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
              ui.toast('success', tr('webhooks.list.saved'));
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
