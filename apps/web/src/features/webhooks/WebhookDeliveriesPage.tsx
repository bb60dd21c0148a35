import './webhooks.css';
import { DELIVERY_STATUSES, type Delivery } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { useProjectCrumbs } from '../../shared/project-crumbs';
import { useProject } from '../../shared/projects/hooks';
import { QueryState } from '../../shared/QueryState';
import { DeliveryStatusTag, deliveryStatusOption, percent } from '../../shared/webhooks/format';
import { useWebhookActions } from '../../shared/webhooks/hooks';
import { DateText } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { FormField } from '../../ui/FormField';
import { GatedButton } from '../../ui/GatedButton';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { useDeliveries, useWebhook } from './hooks';

export default function WebhookDeliveriesPage() {
  const { id = '', webhookId = '' } = useParams();
  const ui = useUi();
  const { t: tr, rich } = useT();
  const crumbs = useProjectCrumbs(tr('webhooks.deliveries.title'));
  const project = useProject(id);
  const webhook = useWebhook(id, webhookId);
  const query = useTableQuery();
  const deliveries = useDeliveries(id, webhookId, query.apiQuery);
  const actions = useWebhookActions(id);
  const canManage = project.data?.role === 'owner' || project.data?.role === 'admin';
  const [recovering, setRecovering] = useState(false);
  const bodyFilter = query.filters.find((f) => f.field === 'body')?.value ?? '';
  const [search, setSearch] = useState(bodyFilter);

  const resend = (d: Delivery) =>
    actions.resend.mutateAsync(d.id).then(
      () =>
        ui.toast(
          'success',
          tr('webhooks.deliveries.resending'),
          tr('webhooks.deliveries.resendingText', { event: d.event_type }),
        ),
      (e: Error) => ui.toast('error', tr('webhooks.deliveries.notResent'), e.message),
    );

  const columns: TableColumn<Delivery>[] = [
    {
      field: 'created_at',
      header: tr('webhooks.deliveries.colCreated'),
      type: 'date',
      sortable: true,
      filterable: true,
    },
    {
      field: 'event_type',
      header: tr('webhooks.deliveries.colEvent'),
      filterable: true,
      body: (d) => (
        <Link to={`deliveries/${d.id}`}>
          <code>{d.event_type}</code>
        </Link>
      ),
    },
    {
      field: 'status',
      header: tr('webhooks.deliveries.colStatus'),
      filterable: true,
      // The server compares statuses exactly (equals / not equals): offer them as a list.
      options: DELIVERY_STATUSES.map((s) => ({ label: deliveryStatusOption(s), value: s })),
      body: (d) => <DeliveryStatusTag status={d.status} />,
    },
    {
      field: 'response_status',
      header: tr('webhooks.deliveries.colResponse'),
      type: 'numeric',
      filterable: true,
      body: (d) => (d.response_status === null ? '—' : String(d.response_status)),
    },
    {
      field: 'attempt_count',
      header: tr('webhooks.deliveries.colAttempts'),
      type: 'numeric',
      sortable: true,
      filterable: true,
    },
    {
      field: 'next_attempt_at',
      header: tr('webhooks.deliveries.colNextAttempt'),
      body: (d) => <DateText value={d.next_attempt_at} />,
    },
    {
      field: 'event_id',
      header: tr('webhooks.deliveries.colEventId'),
      filterable: true,
      hiddenByDefault: true,
    },
    {
      field: 'actions',
      header: '',
      body: (d) =>
        canManage ? (
          <Button
            icon="pi pi-replay"
            text
            rounded
            size="small"
            aria-label={tr('webhooks.deliveries.resendAria', { event: d.event_type })}
            tooltip={tr('webhooks.deliveries.resend')}
            tooltipOptions={{ position: 'left' }}
            onClick={() => void resend(d)}
          />
        ) : null,
    },
  ];

  const applySearch = (e: FormEvent) => {
    e.preventDefault();
    const rest = query.filters.filter((f) => f.field !== 'body');
    query.setFilters(
      search.trim() ? [...rest, { field: 'body', mode: 'contains', value: search.trim() }] : rest,
    );
  };

  return (
    <>
      <PageHeader
        title={tr('webhooks.deliveries.title')}
        crumbs={crumbs}
        subtitle={
          webhook.data ? (
            <>
              {rich('webhooks.deliveries.subtitle', {
                url: <code>{webhook.data.url}</code>,
                rate: percent(webhook.data.health.success_rate_24h),
              })}
              {!webhook.data.enabled && tr('webhooks.deliveries.subtitleDisabled')}
            </>
          ) : (
            tr('webhooks.deliveries.subtitleNone')
          )
        }
        actions={
          <>
            <GatedButton
              label={tr('webhooks.list.sendTest')}
              icon="pi pi-send"
              outlined
              allowed={canManage && Boolean(webhook.data?.enabled)}
              reason={
                canManage ? tr('webhooks.deliveries.enableFirst') : tr('webhooks.deliveries.onlyAdminsTest')
              }
              onClick={() =>
                actions.test.mutateAsync(webhookId).then(
                  () => ui.toast('success', tr('webhooks.list.testSent')),
                  (e: Error) => ui.toast('error', tr('webhooks.list.testNotSent'), e.message),
                )
              }
            />
            <GatedButton
              label={tr('webhooks.deliveries.recoverFailed')}
              icon="pi pi-replay"
              allowed={canManage}
              reason={tr('webhooks.deliveries.onlyAdminsResend')}
              onClick={() => setRecovering(true)}
            />
          </>
        }
      />
      <QueryState query={webhook}>
        {() => (
          <>
            <form
              className="delivery-search"
              onSubmit={applySearch}
              aria-label={tr('webhooks.deliveries.search')}
            >
              <InputText
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder={tr('webhooks.deliveries.searchPlaceholder')}
                aria-label={tr('webhooks.deliveries.search')}
              />
              <Button
                type="submit"
                label={tr('webhooks.deliveries.searchButton')}
                icon="pi pi-search"
                outlined
                size="small"
              />
            </form>
            <ServerTable
              id="webhook-deliveries"
              columns={columns}
              query={query}
              rows={deliveries.data?.data}
              nextCursor={deliveries.data?.next_cursor}
              loading={deliveries.isPending}
              error={deliveries.error}
              onRetry={() => void deliveries.refetch()}
              exportable
              empty={
                <EmptyState
                  icon="pi-history"
                  title={
                    query.filters.length ? tr('webhooks.deliveries.noMatch') : tr('webhooks.deliveries.none')
                  }
                >
                  <p>
                    {query.filters.length
                      ? tr('webhooks.deliveries.noMatchText')
                      : tr('webhooks.deliveries.noneText')}
                  </p>
                </EmptyState>
              }
            />
          </>
        )}
      </QueryState>
      {recovering && (
        <RecoverDialog
          onClose={() => setRecovering(false)}
          onRecover={async (since) => {
            const { requeued } = await actions.recover.mutateAsync({ wid: webhookId, since });
            setRecovering(false);
            ui.toast(
              'success',
              tr('webhooks.deliveries.recovering'),
              tr('webhooks.deliveries.recoveringText', { count: requeued }),
            );
          }}
        />
      )}
    </>
  );
}

function RecoverDialog({
  onClose,
  onRecover,
}: {
  onClose: () => void;
  onRecover: (since: string) => Promise<void>;
}) {
  const [since, setSince] = useState<Date | null>(() => new Date(Date.now() - 24 * 3600e3));
  const [error, setError] = useState<string | null>(null);
  const { t } = useT();
  return (
    <Dialog
      header={t('webhooks.recover.title')}
      visible
      onHide={onClose}
      style={{ width: 'min(30rem, 95vw)' }}
      modal
    >
      <div className="auth-form p-fluid">
        {error && <Message severity="error" text={error} />}
        <p>{t('webhooks.recover.text')}</p>
        <FormField id="recover-since" label={t('webhooks.recover.since')}>
          <Calendar
            inputId="recover-since"
            value={since}
            onChange={(e) => setSince(e.value ?? null)}
            showTime
            hourFormat="24"
            maxDate={new Date()}
          />
        </FormField>
        <div className="dialog-actions">
          <Button type="button" label={t('webhooks.recover.cancel')} text onClick={onClose} />
          <Button
            label={t('webhooks.recover.recover')}
            disabled={!since}
            onClick={() => since && onRecover(since.toISOString()).catch((e: Error) => setError(e.message))}
          />
        </div>
      </div>
    </Dialog>
  );
}
