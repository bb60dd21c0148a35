import type { Transaction } from '@scanline/contracts';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link, useParams } from 'react-router';
import { formatMoney } from '../../lib/money';
import { DateText, useFormatDate } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { TerminalClosesPanel } from '../books/TerminalClosesPanel';
import { useProjectCrumbs } from '../project/project-crumbs';
import { TransactionStatusTag } from '../transactions/status';
import { QueryState } from '../workspace/QueryState';
import { useTerminal, useTerminalTransactions } from './hooks';
import { StickerPanel } from './StickerPanel';
import { RelativeTime, TerminalStatusTag } from './status';
import { useTerminalActions } from './use-terminal-actions';

/** `/p/{id}/terminals/{terminalId}`: every field of one terminal and its latest payments. */
export default function TerminalDetailPage() {
  const formatDate = useFormatDate();
  const { id = '', terminalId = '' } = useParams();
  const terminal = useTerminal(id, terminalId);
  const transactions = useTerminalTransactions(id, terminalId);
  const actions = useTerminalActions(id);
  const crumbs = useProjectCrumbs(terminal.data?.label ?? terminalId, {
    label: 'Terminals',
    path: 'terminals',
  });
  const t = terminal.data;
  const base = `/p/${encodeURIComponent(id)}`;

  return (
    <>
      <PageHeader
        title={t?.label ?? 'Terminal'}
        subtitle={t ? <TerminalStatusTag status={t.status} /> : undefined}
        crumbs={crumbs}
        actions={t ? actions.rowActions(t, { withEdit: true }) : undefined}
      />
      <QueryState query={terminal}>
        {() =>
          t && (
            <div className="stack">
              <section className="surface-card panel" aria-label="Details">
                <dl className="facts">
                  <dt>ID</dt>
                  <dd>
                    <code>{t.id}</code>
                  </dd>
                  <dt>Kind</dt>
                  <dd>{t.kind === 'virtual' ? 'Virtual (web terminal)' : 'Physical'}</dd>
                  <dt>Status</dt>
                  <dd>
                    <TerminalStatusTag status={t.status} />
                  </dd>
                  <dt>Last seen</dt>
                  <dd>
                    <RelativeTime value={t.last_seen_at} />
                  </dd>
                  <dt>Location</dt>
                  <dd>{t.location ?? '—'}</dd>
                  <dt>Serial</dt>
                  <dd>{t.serial ?? '—'}</dd>
                  <dt>Device</dt>
                  <dd>{t.device_model ?? '—'}</dd>
                  <dt>App version</dt>
                  <dd>{t.app_version ?? '—'}</dd>
                  <dt>Battery</dt>
                  <dd>{t.battery === null ? '—' : `${t.battery}%`}</dd>
                  <dt>Network</dt>
                  <dd>{t.network ?? '—'}</dd>
                  <dt>Paired</dt>
                  <dd>{t.paired_at ? formatDate(t.paired_at) : 'Not yet'}</dd>
                  <dt>Created</dt>
                  <dd>{formatDate(t.created_at)}</dd>
                </dl>
              </section>
              <StickerPanel projectId={id} terminal={t} canManage={actions.canManage} />
              <TerminalClosesPanel projectId={id} terminalId={t.id} canClose={actions.canManage} />
              <section aria-labelledby="recent-transactions">
                <h2 id="recent-transactions" className="section-title">
                  Recent transactions
                </h2>
                <QueryState query={transactions}>
                  {() =>
                    transactions.data?.data.length ? (
                      <div className="surface-card">
                        <DataTable
                          value={transactions.data.data}
                          dataKey="id"
                          stripedRows
                          aria-label="Recent transactions"
                        >
                          <Column
                            header="Amount"
                            body={(x: Transaction) => (
                              <Link to={`${base}/transactions/${encodeURIComponent(x.id)}`}>
                                {formatMoney(x.amount, x.currency)}
                              </Link>
                            )}
                          />
                          <Column
                            header="Status"
                            body={(x: Transaction) => <TransactionStatusTag status={x.status} />}
                          />
                          <Column header="Reference" body={(x: Transaction) => x.reference ?? '—'} />
                          <Column
                            header="Date"
                            body={(x: Transaction) => <DateText value={x.created_at} />}
                          />
                        </DataTable>
                        <p className="p-3 m-0">
                          <Link to={`${base}/transactions?terminal_id[equals]=${encodeURIComponent(t.id)}`}>
                            All transactions of this terminal
                          </Link>
                        </p>
                      </div>
                    ) : (
                      <EmptyState icon="pi-credit-card" title="No transactions yet">
                        <p>Payments taken at this terminal will be listed here.</p>
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
