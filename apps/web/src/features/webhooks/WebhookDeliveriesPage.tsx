import './webhooks.css';
import { DELIVERY_STATUSES, type Delivery } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { DateText } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { FormField } from '../../ui/FormField';
import { GatedButton } from '../../ui/GatedButton';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { useProjectCrumbs } from '../project/project-crumbs';
import { useProject } from '../projects/hooks';
import { QueryState } from '../workspace/QueryState';
import { DeliveryStatusTag, percent } from './format';
import { useDeliveries, useWebhook, useWebhookActions } from './hooks';

export default function WebhookDeliveriesPage() {
  const { id = '', webhookId = '' } = useParams();
  const ui = useUi();
  const crumbs = useProjectCrumbs('Deliveries');
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
      () => ui.toast('success', 'Resending', `${d.event_type} is queued to be sent again now.`),
      (e: Error) => ui.toast('error', 'Not resent', e.message),
    );

  const columns: TableColumn<Delivery>[] = [
    { field: 'created_at', header: 'Created', type: 'date', sortable: true, filterable: true },
    {
      field: 'event_type',
      header: 'Event',
      filterable: true,
      body: (d) => (
        <Link to={`deliveries/${d.id}`}>
          <code>{d.event_type}</code>
        </Link>
      ),
    },
    {
      field: 'status',
      header: 'Status',
      filterable: true,
      // The server compares statuses exactly (equals / not equals): offer them as a list.
      options: DELIVERY_STATUSES.map((s) => ({ label: s[0]!.toUpperCase() + s.slice(1), value: s })),
      body: (d) => <DeliveryStatusTag status={d.status} />,
    },
    {
      field: 'response_status',
      header: 'Response',
      type: 'numeric',
      filterable: true,
      body: (d) => (d.response_status === null ? '—' : String(d.response_status)),
    },
    { field: 'attempt_count', header: 'Attempts', type: 'numeric', sortable: true, filterable: true },
    {
      field: 'next_attempt_at',
      header: 'Next attempt',
      body: (d) => <DateText value={d.next_attempt_at} />,
    },
    { field: 'event_id', header: 'Event id', filterable: true, hiddenByDefault: true },
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
            aria-label={`Resend ${d.event_type}`}
            tooltip="Resend"
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
        title="Deliveries"
        crumbs={crumbs}
        subtitle={
          webhook.data ? (
            <>
              <code>{webhook.data.url}</code> · success {percent(webhook.data.health.success_rate_24h)} over
              24 h{!webhook.data.enabled && ' · disabled'}
            </>
          ) : (
            'Every event sent to this endpoint.'
          )
        }
        actions={
          <>
            <GatedButton
              label="Send test"
              icon="pi pi-send"
              outlined
              allowed={canManage && Boolean(webhook.data?.enabled)}
              reason={canManage ? 'Enable the endpoint first' : 'Only admins and the owner send tests'}
              onClick={() =>
                actions.test.mutateAsync(webhookId).then(
                  () => ui.toast('success', 'Test event sent'),
                  (e: Error) => ui.toast('error', 'Test not sent', e.message),
                )
              }
            />
            <GatedButton
              label="Recover failed"
              icon="pi pi-replay"
              allowed={canManage}
              reason="Only admins and the owner resend deliveries"
              onClick={() => setRecovering(true)}
            />
          </>
        }
      />
      <QueryState query={webhook}>
        {() => (
          <>
            <form className="delivery-search" onSubmit={applySearch} aria-label="Search the payloads">
              <InputText
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder="Text in the payload, e.g. a transaction id"
                aria-label="Search the payloads"
              />
              <Button type="submit" label="Search" icon="pi pi-search" outlined size="small" />
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
                  title={query.filters.length ? 'No deliveries match' : 'No deliveries yet'}
                >
                  <p>
                    {query.filters.length
                      ? 'Change or clear the filters to see more.'
                      : 'Each event sent to this endpoint appears here as it happens, with every attempt and its response. Send a test to see one now.'}
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
              'Recovering',
              `${requeued} failed deliver${requeued === 1 ? 'y is' : 'ies are'} being sent again.`,
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
  return (
    <Dialog
      header="Recover failed deliveries"
      visible
      onHide={onClose}
      style={{ width: 'min(30rem, 95vw)' }}
      modal
    >
      <div className="auth-form p-fluid">
        {error && <Message severity="error" text={error} />}
        <p>
          Every delivery that failed since this time is sent again now, with its retry schedule started over.
        </p>
        <FormField id="recover-since" label="Since">
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
          <Button type="button" label="Cancel" text onClick={onClose} />
          <Button
            label="Recover"
            disabled={!since}
            onClick={() => since && onRecover(since.toISOString()).catch((e: Error) => setError(e.message))}
          />
        </div>
      </div>
    </Dialog>
  );
}
