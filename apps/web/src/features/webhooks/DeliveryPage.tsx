import '../../shared/webhooks/delivery-detail.css';
import './webhooks.css';
import type { DeliveryAttempt } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useParams } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { useProjectCrumbs } from '../../shared/project-crumbs';
import { useProject } from '../../shared/projects/hooks';
import { QueryState } from '../../shared/QueryState';
import { asCurl, DeliveryStatusTag, prettyBody } from '../../shared/webhooks/format';
import { useWebhookActions } from '../../shared/webhooks/hooks';
import { useFormatDate } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { GatedButton } from '../../ui/GatedButton';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { useDelivery } from './hooks';

function Headers({ headers }: { headers: Record<string, string> }) {
  const { t } = useT();
  const entries = Object.entries(headers);
  if (!entries.length) return <p className="muted">{t('webhooks.delivery.noHeaders')}</p>;
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
  const { t } = useT();
  const ui = useUi();
  const copy = () =>
    navigator.clipboard.writeText(asCurl(attempt.request)).then(
      () => ui.toast('success', t('webhooks.delivery.copied'), t('webhooks.delivery.copiedText')),
      () => ui.toast('error', t('webhooks.delivery.notCopied')),
    );
  return (
    <li className={`attempt attempt-${attempt.succeeded ? 'ok' : 'failed'}`} data-testid="delivery-attempt">
      <div className="attempt-marker" aria-hidden="true">
        <i className={`pi ${attempt.succeeded ? 'pi-check' : 'pi-times'}`} />
      </div>
      <article className="attempt-card surface-card">
        <header className="attempt-header">
          <h3>{t('webhooks.delivery.attempt', { n: index + 1 })}</h3>
          <Tag
            severity={attempt.succeeded ? 'success' : 'danger'}
            value={
              attempt.response
                ? t('webhooks.delivery.http', { status: attempt.response.status })
                : t('webhooks.delivery.noResponse')
            }
          />
          <span className="muted">
            {formatDate(attempt.started_at, 'seconds')} ·{' '}
            {t('webhooks.delivery.duration', { ms: attempt.duration_ms })}
          </span>
          <Button
            label={t('webhooks.delivery.copyCurl')}
            icon="pi pi-copy"
            text
            size="small"
            onClick={() => void copy()}
          />
        </header>
        {attempt.error && <p className="p-error attempt-error">{attempt.error}</p>}
        <div className="attempt-panes">
          <section aria-label={t('webhooks.delivery.request')}>
            <h4>{t('webhooks.delivery.request')}</h4>
            <p>
              <code>POST {attempt.request.url}</code>
            </p>
            <Headers headers={attempt.request.headers} />
            <pre className="http-body">{prettyBody(attempt.request.body)}</pre>
          </section>
          <section aria-label={t('webhooks.delivery.response')}>
            <h4>{t('webhooks.delivery.response')}</h4>
            {attempt.response ? (
              <>
                <p>
                  <code>HTTP {attempt.response.status}</code>
                </p>
                <Headers headers={attempt.response.headers} />
                <pre className="http-body">
                  {prettyBody(attempt.response.body) || t('webhooks.delivery.emptyBody')}
                </pre>
              </>
            ) : (
              <p className="muted">{t('webhooks.delivery.noResponseText')}</p>
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
  const { t } = useT();
  const crumbs = useProjectCrumbs(t('webhooks.delivery.title'));
  const project = useProject(id);
  const delivery = useDelivery(id, webhookId, deliveryId);
  const { resend } = useWebhookActions(id);
  const canManage = project.data?.role === 'owner' || project.data?.role === 'admin';
  const d = delivery.data;

  return (
    <>
      <PageHeader
        title={d ? d.event_type : t('webhooks.delivery.title')}
        crumbs={crumbs}
        subtitle={d ? <code>{d.webhook_url}</code> : t('webhooks.delivery.subtitle')}
        actions={
          <GatedButton
            label={t('webhooks.deliveries.resend')}
            icon="pi pi-replay"
            allowed={canManage}
            reason={t('webhooks.deliveries.onlyAdminsResend')}
            loading={resend.isPending}
            onClick={() =>
              resend.mutateAsync(deliveryId).then(
                () =>
                  ui.toast(
                    'success',
                    t('webhooks.deliveries.resending'),
                    t('webhooks.delivery.resendingText'),
                  ),
                (e: Error) => ui.toast('error', t('webhooks.deliveries.notResent'), e.message),
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
                  <dt>{t('webhooks.delivery.status')}</dt>
                  <dd>
                    <DeliveryStatusTag status={d.status} />
                  </dd>
                </div>
                <div>
                  <dt>{t('webhooks.delivery.delivery')}</dt>
                  <dd>
                    <code>{d.id}</code>
                  </dd>
                </div>
                <div>
                  <dt>{t('webhooks.delivery.event')}</dt>
                  <dd>
                    <code>{d.event_id}</code>
                  </dd>
                </div>
                <div>
                  <dt>{t('webhooks.delivery.attempts')}</dt>
                  <dd>{d.attempt_count}</dd>
                </div>
                <div>
                  <dt>{t('webhooks.delivery.created')}</dt>
                  <dd>{formatDate(d.created_at)}</dd>
                </div>
                <div>
                  <dt>{t('webhooks.delivery.nextAttempt')}</dt>
                  <dd>{d.next_attempt_at ? formatDate(d.next_attempt_at) : '—'}</dd>
                </div>
              </dl>
              <h2 className="section-title">{t('webhooks.delivery.attempts')}</h2>
              {d.attempts.length ? (
                <ol className="attempt-timeline">
                  {[...d.attempts].reverse().map((a, i) => (
                    <Attempt key={a.started_at} attempt={a} index={d.attempts.length - 1 - i} />
                  ))}
                </ol>
              ) : (
                <EmptyState icon="pi-clock" title={t('webhooks.delivery.notSent')}>
                  <p>{t('webhooks.delivery.notSentText')}</p>
                </EmptyState>
              )}
              <h2 className="section-title">{t('webhooks.delivery.payload')}</h2>
              <pre className="http-body surface-card">{JSON.stringify(d.payload, null, 2)}</pre>
            </div>
          )
        }
      </QueryState>
    </>
  );
}
