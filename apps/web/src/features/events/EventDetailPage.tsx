import '../../shared/webhooks/delivery-detail.css';
import type { Delivery } from '@scanline/contracts';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { useProjectCrumbs } from '../../shared/project-crumbs';
import { useProject } from '../../shared/projects/hooks';
import { QueryState } from '../../shared/QueryState';
import { DeliveryStatusTag } from '../../shared/webhooks/format';
import { useWebhookActions, useWebhooks } from '../../shared/webhooks/hooks';
import { DateText, useFormatDate } from '../../theme/display-time-zone';
import { GatedButton } from '../../ui/GatedButton';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { useEvent, useEventDeliveries } from './hooks';

/** `/p/{id}/events/{eventId}`: one event's payload, exactly as webhooks carry it, and where it went. */
export default function EventDetailPage() {
  const formatDate = useFormatDate();
  const { id = '', eventId = '' } = useParams();
  const { t } = useT();
  const crumbs = useProjectCrumbs(eventId, { label: t('nav.events'), path: 'events' });
  const event = useEvent(id, eventId);
  const e = event.data;
  return (
    <>
      <PageHeader
        title={e ? e.type : t('events.detail.title')}
        crumbs={crumbs}
        subtitle={e ? `${formatDate(e.created_at)} · ${e.id}` : t('events.detail.subtitle')}
      />
      <QueryState query={event}>
        {() =>
          e && (
            <div className="delivery-detail">
              <section aria-labelledby="event-payload-title">
                <h2 id="event-payload-title" className="section-title">
                  {t('events.detail.payload')}
                </h2>
                <pre className="http-body surface-card" data-testid="event-payload">
                  {JSON.stringify({ type: e.type, timestamp: e.created_at, data: e.data }, null, 2)}
                </pre>
              </section>
              <section aria-labelledby="event-deliveries-title">
                <h2 id="event-deliveries-title" className="section-title">
                  {t('events.detail.deliveries')}
                </h2>
                <EventDeliveries projectId={id} eventId={e.id} />
              </section>
            </div>
          )
        }
      </QueryState>
    </>
  );
}

type Row = Delivery & { url: string };

function EventDeliveries({ projectId, eventId }: { projectId: string; eventId: string }) {
  const ui = useUi();
  const project = useProject(projectId);
  const deliveries = useEventDeliveries(projectId, eventId);
  const webhooks = useWebhooks(projectId);
  const { resend } = useWebhookActions(projectId);
  const canManage = project.data?.role === 'owner' || project.data?.role === 'admin';
  const { t } = useT();
  // The endpoint's URL joins each row (the table re-renders rows only when its value changes).
  const rows = useMemo(
    () =>
      (deliveries.data ?? []).map((d) => ({
        ...d,
        url: webhooks.data?.find((w) => w.id === d.webhook_id)?.url ?? d.webhook_id,
      })),
    [deliveries.data, webhooks.data],
  );
  if (deliveries.isError) return <p className="p-error">{deliveries.error.message}</p>;
  return (
    <DataTable
      value={rows}
      loading={deliveries.isPending}
      dataKey="id"
      size="small"
      emptyMessage={t('events.detail.noEndpoint')}
      aria-label={t('events.detail.deliveriesLabel')}
    >
      <Column
        header={t('events.col.endpoint')}
        body={(d: Row) => (
          <Link to={`/p/${projectId}/webhooks/${d.webhook_id}/deliveries/${d.id}`}>
            <code>{d.url}</code>
          </Link>
        )}
      />
      <Column
        header={t('transactions.col.status')}
        body={(d: Row) => <DeliveryStatusTag status={d.status} />}
      />
      <Column header={t('events.col.response')} body={(d: Row) => d.response_status ?? '—'} />
      <Column header={t('events.col.attempts')} field="attempt_count" />
      <Column header={t('projects.col.created')} body={(d: Row) => <DateText value={d.created_at} />} />
      <Column
        header=""
        body={(d: Row) => (
          <GatedButton
            label={t('events.detail.resend')}
            icon="pi pi-replay"
            size="small"
            text
            allowed={canManage}
            reason={t('events.detail.onlyAdmins')}
            loading={resend.isPending && resend.variables === d.id}
            onClick={() =>
              resend.mutateAsync(d.id).then(
                () =>
                  ui.toast(
                    'success',
                    t('events.detail.resending'),
                    t('events.detail.queued', { url: d.url }),
                  ),
                (error: Error) => ui.toast('error', t('events.detail.notResent'), error.message),
              )
            }
          />
        )}
      />
    </DataTable>
  );
}
