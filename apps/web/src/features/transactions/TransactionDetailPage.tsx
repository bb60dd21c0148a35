import type { TransactionDetail } from '@scanline/contracts';
import { Timeline } from 'primereact/timeline';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { formatMoney } from '../../lib/money';
import type { MessageId } from '../../messages/keys';
import { useProjectCrumbs } from '../../shared/project-crumbs';
import { useProject } from '../../shared/projects/hooks';
import { QueryState } from '../../shared/QueryState';
import { cardLabel, failureReason, TransactionStatusTag } from '../../shared/transactions/status';
import { ObjectDeliveries } from '../../shared/webhooks/ObjectDeliveries';
import { useFormatDate } from '../../theme/display-time-zone';
import { GatedButton } from '../../ui/GatedButton';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { useRefund, useTransaction } from './hooks';
import { LineItemsTable } from './LineItemsTable';
import { RefundDialog } from './RefundDialog';
import { buildTimeline, type TimelineEntry } from './timeline';

const REFUNDABLE = new Set(['succeeded', 'partially_refunded']);

/** Who made a transaction. */
const SOURCE_LABELS: Record<string, MessageId> = {
  terminal: 'transactions.source.terminal',
  api: 'transactions.source.api',
  console: 'transactions.source.console',
  sticker: 'transactions.source.sticker',
  cli: 'transactions.source.cli',
};

/** `/p/{id}/transactions/{transactionId}`: every field, the timeline, and refunds. */
export default function TransactionDetailPage() {
  const { id = '', transactionId = '' } = useParams();
  const ui = useUi();
  const transaction = useTransaction(id, transactionId);
  const project = useProject(id);
  const refund = useRefund(id, transactionId);
  const [refunding, setRefunding] = useState(false);
  const { t: tr } = useT();
  const crumbs = useProjectCrumbs(transactionId, { label: tr('nav.transactions'), path: 'transactions' });
  const t = transaction.data;
  const canManage = project.data?.role === 'owner' || project.data?.role === 'admin';
  // Refunds go up to what was charged, the tip included.
  const refundable = Boolean(t && REFUNDABLE.has(t.status) && t.amount_total > t.amount_refunded);

  return (
    <>
      <PageHeader
        title={t ? formatMoney(t.amount_total, t.currency) : tr('transactions.detail.title')}
        subtitle={t ? <TransactionStatusTag status={t.status} /> : undefined}
        crumbs={crumbs}
        actions={
          t && (
            <GatedButton
              label={tr('transactions.refund.button')}
              icon="pi pi-replay"
              outlined
              severity="danger"
              onClick={() => setRefunding(true)}
              allowed={canManage && refundable}
              reason={
                !canManage
                  ? tr('transactions.refund.onlyAdmins')
                  : t.amount_refunded >= t.amount_total && t.amount_refunded > 0
                    ? tr('transactions.refund.fully')
                    : tr('transactions.refund.onlySucceeded')
              }
            />
          )
        }
      />
      <QueryState query={transaction}>{() => t && <Detail t={t} projectId={id} />}</QueryState>
      {refunding && t && (
        <RefundDialog
          transaction={t}
          onClose={() => setRefunding(false)}
          onRefund={async (body) => {
            const r = await refund.mutateAsync(body);
            setRefunding(false);
            ui.toast('success', tr('transactions.refund.issued'), formatMoney(r.amount, t.currency));
          }}
        />
      )}
    </>
  );
}

function Detail({ t, projectId }: { t: TransactionDetail; projectId: string }) {
  const formatDate = useFormatDate();
  const base = `/p/${encodeURIComponent(projectId)}`;
  const timeline = buildTimeline(t);
  const { t: tr } = useT();
  return (
    <div className="detail-grid">
      <section className="surface-card panel" aria-label={tr('transactions.detail.details')}>
        <dl className="facts">
          <dt>{tr('transactions.col.id')}</dt>
          <dd>
            <code>{t.id}</code>
          </dd>
          <dt>{tr('transactions.col.amount')}</dt>
          <dd>{formatMoney(t.amount, t.currency)}</dd>
          <dt>{tr('transactions.col.tip')}</dt>
          <dd data-testid="transaction-tip">{t.tip_amount ? formatMoney(t.tip_amount, t.currency) : '—'}</dd>
          <dt>{tr('transactions.detail.total')}</dt>
          <dd>{formatMoney(t.amount_total, t.currency)}</dd>
          {t.tax_included !== null && (t.tax_rate !== null || t.line_items.length > 0) && (
            <>
              {/* A basket's VAT is its lines', at their rates (docs/guide/baskets.md): no one rate to name. */}
              <dt>
                {t.line_items.length > 0 || t.tax_rate === null
                  ? tr('transactions.detail.vatBasket')
                  : tr('transactions.detail.vat', { rate: t.tax_rate })}
              </dt>
              <dd data-testid="transaction-vat">{formatMoney(t.tax_included, t.currency)}</dd>
            </>
          )}
          <dt>{tr('transactions.col.refunded')}</dt>
          <dd>{t.amount_refunded ? formatMoney(t.amount_refunded, t.currency) : '—'}</dd>
          <dt>{tr('transactions.detail.net')}</dt>
          <dd>{formatMoney(t.amount_total - t.amount_refunded, t.currency)}</dd>
          <dt>{tr('transactions.col.cashier')}</dt>
          <dd>{t.cashier_name ?? '—'}</dd>
          <dt>{tr('transactions.col.status')}</dt>
          <dd>
            <TransactionStatusTag status={t.status} />
          </dd>
          <dt>{tr('transactions.col.terminal')}</dt>
          <dd>
            <Link to={`${base}/terminals/${encodeURIComponent(t.terminal_id)}`}>
              {t.terminal_label ?? t.terminal_id}
            </Link>
          </dd>
          <dt>{tr('transactions.col.card')}</dt>
          <dd>{cardLabel(t.card_brand, t.card_last4, t.card_wallet) ?? '—'}</dd>
          <dt>{tr('transactions.col.reference')}</dt>
          <dd>{t.reference ?? '—'}</dd>
          <dt>{tr('transactions.detail.provider')}</dt>
          <dd>{t.provider === 'stripe' ? 'Stripe' : tr('transactions.detail.simulator')}</dd>
          <dt>{tr('transactions.col.providerReference')}</dt>
          <dd>{t.provider_reference ? <code>{t.provider_reference}</code> : '—'}</dd>
          {t.failure_code && (
            <>
              <dt>{tr('transactions.col.failure')}</dt>
              <dd>
                <code>{t.failure_code}</code> — {failureReason(t.failure_code)}
              </dd>
            </>
          )}
          <dt>{tr('transactions.detail.created')}</dt>
          <dd>{formatDate(t.created_at)}</dd>
          <dt>{tr('transactions.status.succeeded')}</dt>
          <dd>{t.succeeded_at ? formatDate(t.succeeded_at) : '—'}</dd>
          <dt>{tr('transactions.detail.receipt')}</dt>
          <dd>
            {t.receipt_url ? (
              <a href={t.receipt_url} target="_blank" rel="noopener" data-testid="receipt-link">
                {tr('transactions.detail.openReceipt')}{' '}
                <span className="pi pi-external-link" aria-hidden="true" />
              </a>
            ) : (
              '—'
            )}
          </dd>
          <dt>{tr('transactions.detail.source')}</dt>
          <dd>{SOURCE_LABELS[t.source] ? tr(SOURCE_LABELS[t.source] as MessageId) : t.source}</dd>
          <dt>{tr('transactions.detail.expires')}</dt>
          <dd>{formatDate(t.expires_at)}</dd>
          <dt>{tr('transactions.detail.updated')}</dt>
          <dd>{formatDate(t.updated_at)}</dd>
          {t.metadata && Object.keys(t.metadata).length > 0 && (
            <>
              <dt>{tr('transactions.detail.metadata')}</dt>
              <dd>
                <ul className="plain-list">
                  {Object.entries(t.metadata).map(([k, v]) => (
                    <li key={k}>
                      <code>{k}</code>: {v}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          )}
        </dl>
      </section>
      <section className="surface-card panel" aria-labelledby="timeline-title">
        <h2 id="timeline-title" className="section-title">
          {tr('transactions.detail.timeline')}
        </h2>
        <Timeline
          value={timeline}
          className="transaction-timeline"
          marker={(e: TimelineEntry) => (
            <span className={`timeline-dot timeline-${e.tone}`} aria-hidden="true" />
          )}
          content={(e: TimelineEntry) => (
            <div className="timeline-entry">
              <strong>{e.title}</strong>
              <time className="muted" dateTime={e.at}>
                {formatDate(e.at, 'seconds')}
              </time>
              {e.detail && <span className="muted">{e.detail}</span>}
            </div>
          )}
        />
        {t.refunds.length > 0 && (
          <>
            <h3 className="section-title">{tr('transactions.detail.refunds')}</h3>
            <ul className="plain-list">
              {t.refunds.map((r) => (
                <li key={r.id}>
                  <code>{r.id}</code> ·{' '}
                  {tr('transactions.timeline.refund', {
                    amount: formatMoney(r.amount, r.currency),
                    status: r.status,
                  })}{' '}
                  · {formatDate(r.created_at)}
                </li>
              ))}
            </ul>
          </>
        )}
        {t.tenders.length > 0 && (
          <>
            <h3 className="section-title" id="tenders-title">
              {tr('transactions.detail.tenders')}
            </h3>
            <table className="figures" aria-labelledby="tenders-title" data-testid="tenders">
              <thead>
                <tr>
                  <th scope="col">{tr('transactions.tender.method')}</th>
                  <th scope="col">{tr('transactions.tender.amount')}</th>
                  <th scope="col">{tr('transactions.tender.change')}</th>
                  <th scope="col">{tr('transactions.tender.status')}</th>
                </tr>
              </thead>
              <tbody>
                {t.tenders.map((x) => (
                  <tr key={x.id}>
                    <td>
                      {x.method === 'cash'
                        ? x.cash_given === null
                          ? tr('transactions.tender.cash')
                          : tr('transactions.tender.cashGiven', {
                              given: formatMoney(x.cash_given, x.currency),
                            })
                        : (cardLabel(x.card_brand, x.card_last4, x.card_wallet) ?? tr('transactions.card'))}
                    </td>
                    <td>{formatMoney(x.amount + x.tip_amount, x.currency)}</td>
                    <td>{x.change === null ? '—' : formatMoney(x.change, x.currency)}</td>
                    <td>{tr('transactions.tender.statusValue', { status: x.status })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
      {t.line_items.length > 0 && <LineItemsTable lines={t.line_items} currency={t.currency} />}
      <section className="surface-card panel detail-wide" aria-labelledby="deliveries-title">
        <h2 id="deliveries-title" className="section-title">
          {tr('transactions.detail.deliveries')}
        </h2>
        <p className="muted m-0">{tr('transactions.detail.deliveriesText')}</p>
        <ObjectDeliveries projectId={projectId} objectId={t.id} />
      </section>
    </div>
  );
}
