import './webhooks.css';
import type { DeliveryAttempt } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useParams } from 'react-router';
import { useFormatDate } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { GatedButton } from '../../ui/GatedButton';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { useProjectCrumbs } from '../project/project-crumbs';
import { useProject } from '../projects/hooks';
import { QueryState } from '../workspace/QueryState';
import { asCurl, DeliveryStatusTag, prettyBody } from './format';
import { useDelivery, useWebhookActions } from './hooks';

function Headers({ headers }: { headers: Record<string, string> }) {
  const entries = Object.entries(headers);
  if (!entries.length) return <p className="muted">No headers.</p>;
  return (
    <dl className="http-headers">
      {entries.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Attempt({ attempt, index }: { attempt: DeliveryAttempt; index: number }) {
  const formatDate = useFormatDate();
  const ui = useUi();
  const copy = () =>
    navigator.clipboard.writeText(asCurl(attempt.request)).then(
      () =>
        ui.toast('success', 'Copied as curl', 'Its signature is accepted for 5 minutes after the attempt.'),
      () => ui.toast('error', 'Could not copy'),
    );
  return (
    <li className={`attempt attempt-${attempt.succeeded ? 'ok' : 'failed'}`} data-testid="delivery-attempt">
      <div className="attempt-marker" aria-hidden="true">
        <i className={`pi ${attempt.succeeded ? 'pi-check' : 'pi-times'}`} />
      </div>
      <article className="attempt-card surface-card">
        <header className="attempt-header">
          <h3>Attempt {index + 1}</h3>
          <Tag
            severity={attempt.succeeded ? 'success' : 'danger'}
            value={attempt.response ? `HTTP ${attempt.response.status}` : 'No response'}
          />
          <span className="muted">
            {formatDate(attempt.started_at, 'seconds')} · {attempt.duration_ms} ms
          </span>
          <Button label="Copy as curl" icon="pi pi-copy" text size="small" onClick={() => void copy()} />
        </header>
        {attempt.error && <p className="p-error attempt-error">{attempt.error}</p>}
        <div className="attempt-panes">
          <section aria-label="Request">
            <h4>Request</h4>
            <p>
              <code>POST {attempt.request.url}</code>
            </p>
            <Headers headers={attempt.request.headers} />
            <pre className="http-body">{prettyBody(attempt.request.body)}</pre>
          </section>
          <section aria-label="Response">
            <h4>Response</h4>
            {attempt.response ? (
              <>
                <p>
                  <code>HTTP {attempt.response.status}</code>
                </p>
                <Headers headers={attempt.response.headers} />
                <pre className="http-body">{prettyBody(attempt.response.body) || '(empty body)'}</pre>
              </>
            ) : (
              <p className="muted">No response was received.</p>
            )}
          </section>
        </div>
      </article>
    </li>
  );
}

export default function DeliveryPage() {
  const formatDate = useFormatDate();
  const { id = '', webhookId = '', deliveryId = '' } = useParams();
  const ui = useUi();
  const crumbs = useProjectCrumbs('Delivery');
  const project = useProject(id);
  const delivery = useDelivery(id, webhookId, deliveryId);
  const { resend } = useWebhookActions(id);
  const canManage = project.data?.role === 'owner' || project.data?.role === 'admin';
  const d = delivery.data;

  return (
    <>
      <PageHeader
        title={d ? d.event_type : 'Delivery'}
        crumbs={crumbs}
        subtitle={d ? <code>{d.webhook_url}</code> : 'One event sent to one endpoint.'}
        actions={
          <GatedButton
            label="Resend"
            icon="pi pi-replay"
            allowed={canManage}
            reason="Only admins and the owner resend deliveries"
            loading={resend.isPending}
            onClick={() =>
              resend.mutateAsync(deliveryId).then(
                () => ui.toast('success', 'Resending', 'The delivery is queued to be sent again now.'),
                (e: Error) => ui.toast('error', 'Not resent', e.message),
              )
            }
          />
        }
      />
      <QueryState query={delivery}>
        {() =>
          d && (
            <div className="delivery-detail">
              <dl className="detail-grid surface-card">
                <div>
                  <dt>Status</dt>
                  <dd>
                    <DeliveryStatusTag status={d.status} />
                  </dd>
                </div>
                <div>
                  <dt>Delivery</dt>
                  <dd>
                    <code>{d.id}</code>
                  </dd>
                </div>
                <div>
                  <dt>Event (webhook-id)</dt>
                  <dd>
                    <code>{d.event_id}</code>
                  </dd>
                </div>
                <div>
                  <dt>Attempts</dt>
                  <dd>{d.attempt_count}</dd>
                </div>
                <div>
                  <dt>Created</dt>
                  <dd>{formatDate(d.created_at)}</dd>
                </div>
                <div>
                  <dt>Next attempt</dt>
                  <dd>{d.next_attempt_at ? formatDate(d.next_attempt_at) : '—'}</dd>
                </div>
              </dl>
              <h2 className="section-title">Attempts</h2>
              {d.attempts.length ? (
                <ol className="attempt-timeline">
                  {[...d.attempts].reverse().map((a, i) => (
                    <Attempt key={a.started_at} attempt={a} index={d.attempts.length - 1 - i} />
                  ))}
                </ol>
              ) : (
                <EmptyState icon="pi-clock" title="Not sent yet">
                  <p>The first attempt goes out within seconds; this page updates by itself.</p>
                </EmptyState>
              )}
              <h2 className="section-title">Payload</h2>
              <pre className="http-body surface-card">{JSON.stringify(d.payload, null, 2)}</pre>
            </div>
          )
        }
      </QueryState>
    </>
  );
}
