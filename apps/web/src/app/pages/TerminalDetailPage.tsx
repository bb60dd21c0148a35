import type { Transaction } from '@scanline/contracts';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link, useParams } from 'react-router';
import { TerminalClosesPanel } from '../../features/books/TerminalClosesPanel';
import { useTerminal, useTerminalTransactions } from '../../features/terminals/hooks';
import { StickerPanel } from '../../features/terminals/StickerPanel';
import { TerminalStatusTag } from '../../features/terminals/status';
import { useTerminalActions } from '../../features/terminals/use-terminal-actions';
import { useT } from '../../lib/i18n/console-intl';
import { formatMoney } from '../../lib/money';
import { useProjectCrumbs } from '../../shared/project-crumbs';
import { QueryState } from '../../shared/QueryState';
import { RelativeTime } from '../../shared/RelativeTime';
import { TransactionStatusTag } from '../../shared/transactions/status';
import { DateText, useFormatDate } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';

/** `/p/{id}/terminals/{terminalId}`: every field of one terminal and its latest payments. */
export default function TerminalDetailPage() {
  const formatDate = useFormatDate();
  const { t: tr } = useT();
  const { id = '', terminalId = '' } = useParams();
  const terminal = useTerminal(id, terminalId);
  const transactions = useTerminalTransactions(id, terminalId);
  const actions = useTerminalActions(id);
  const crumbs = useProjectCrumbs(terminal.data?.label ?? terminalId, {
    label: tr('terminals.title'),
    path: 'terminals',
  });
  const t = terminal.data;
  const base = `/p/${encodeURIComponent(id)}`;

  return (
    <>
      <PageHeader
        title={t?.label ?? tr('terminals.terminal')}
        subtitle={t ? <TerminalStatusTag status={t.status} /> : undefined}
        crumbs={crumbs}
        actions={t ? actions.rowActions(t, { withEdit: true }) : undefined}
      />
      <QueryState query={terminal}>
        {() =>
          t && (
            <div className="stack">
              <section className="surface-card panel" aria-label={tr('terminals.detail.details')}>
                <dl className="facts">
                  <dt>{tr('terminals.col.id')}</dt>
                  <dd>
                    <code>{t.id}</code>
                  </dd>
                  <dt>{tr('terminals.col.kind')}</dt>
                  <dd>
                    {t.kind === 'virtual' ? tr('terminals.kind.virtualWeb') : tr('terminals.kind.physical')}
                  </dd>
                  <dt>{tr('terminals.detail.status')}</dt>
                  <dd>
                    <TerminalStatusTag status={t.status} />
                  </dd>
                  <dt>{tr('terminals.col.lastSeen')}</dt>
                  <dd>
                    <RelativeTime value={t.last_seen_at} />
                  </dd>
                  <dt>{tr('terminals.col.location')}</dt>
                  <dd>{t.location ?? '—'}</dd>
                  <dt>{tr('terminals.col.serial')}</dt>
                  <dd>{t.serial ?? '—'}</dd>
                  <dt>{tr('terminals.detail.device')}</dt>
                  <dd>{t.device_model ?? '—'}</dd>
                  <dt>{tr('terminals.col.appVersion')}</dt>
                  <dd>{t.app_version ?? '—'}</dd>
                  <dt>{tr('terminals.detail.battery')}</dt>
                  <dd>
                    {t.battery === null ? '—' : tr('terminals.detail.batteryValue', { battery: t.battery })}
                  </dd>
                  <dt>{tr('terminals.detail.network')}</dt>
                  <dd>{t.network ?? '—'}</dd>
                  <dt>{tr('terminals.detail.paired')}</dt>
                  <dd>{t.paired_at ? formatDate(t.paired_at) : tr('terminals.detail.notYet')}</dd>
                  <dt>{tr('terminals.col.created')}</dt>
                  <dd>{formatDate(t.created_at)}</dd>
                </dl>
              </section>
              <StickerPanel projectId={id} terminal={t} canManage={actions.canManage} />
              <TerminalClosesPanel projectId={id} terminalId={t.id} canClose={actions.canManage} />
              <section aria-labelledby="recent-transactions">
                <h2 id="recent-transactions" className="section-title">
                  {tr('terminals.detail.recent')}
                </h2>
                <QueryState query={transactions}>
                  {() =>
                    transactions.data?.data.length ? (
                      <div className="surface-card">
                        <DataTable
                          value={transactions.data.data}
                          dataKey="id"
                          stripedRows
                          aria-label={tr('terminals.detail.recent')}
                        >
                          <Column
                            header={tr('terminals.detail.amount')}
                            body={(x: Transaction) => (
                              <Link to={`${base}/transactions/${encodeURIComponent(x.id)}`}>
                                {formatMoney(x.amount, x.currency)}
                              </Link>
                            )}
                          />
                          <Column
                            header={tr('terminals.detail.status')}
                            body={(x: Transaction) => <TransactionStatusTag status={x.status} />}
                          />
                          <Column
                            header={tr('terminals.detail.reference')}
                            body={(x: Transaction) => x.reference ?? '—'}
                          />
                          <Column
                            header={tr('terminals.detail.date')}
                            body={(x: Transaction) => <DateText value={x.created_at} />}
                          />
                        </DataTable>
                        <p className="p-3 m-0">
                          <Link to={`${base}/transactions?terminal_id[equals]=${encodeURIComponent(t.id)}`}>
                            {tr('terminals.detail.allTransactions')}
                          </Link>
                        </p>
                      </div>
                    ) : (
                      <EmptyState icon="pi-credit-card" title={tr('terminals.detail.noTransactions')}>
                        <p>{tr('terminals.detail.noTransactionsText')}</p>
                      </EmptyState>
                    )
                  }
                </QueryState>
              </section>
            </div>
          )
        }
      </QueryState>
      {actions.dialogs}
    </>
  );
}
