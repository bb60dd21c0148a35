import type { Close } from '@scanline/contracts';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link } from 'react-router';
import { formatMoney } from '../../lib/money';
import { DateText } from '../../theme/display-time-zone';
import { GatedButton } from '../../ui/GatedButton';
import { useUi } from '../../ui/global-ui';
import { QueryState } from '../workspace/QueryState';
import { CloseFigures } from './CloseFigures';
import { useCloses, useCreateClose, useCurrentClose } from './hooks';
import './books.css';

/**
 * On a terminal's page (issue 25 §1): the running X report, "Close the day" (after a
 * confirmation) for admins, and the terminal's latest closes.
 */
export function TerminalClosesPanel({
  projectId,
  terminalId,
  canClose,
}: {
  projectId: string;
  terminalId: string;
  canClose: boolean;
}) {
  const ui = useUi();
  const current = useCurrentClose(projectId, terminalId);
  const closes = useCloses(projectId, { 'terminal_id[equals]': terminalId, limit: '5' });
  const create = useCreateClose(projectId, terminalId);
  const base = `/p/${encodeURIComponent(projectId)}`;
  const x = current.data;

  const confirmClose = () =>
    ui.confirm({
      header: 'Close the day?',
      message: (
        <p className="m-0">
          This makes close #{x?.number} of this terminal with the figures shown. A close can never be changed
          or deleted; payments from now on go into the next one.
        </p>
      ),
      acceptLabel: 'Close the day',
      onAccept: async () => {
        const made = await create.mutateAsync();
        ui.toast(
          'success',
          `Close #${made.number} made`,
          made.totals.map((t) => `Net ${formatMoney(t.net, t.currency)}`).join(' · '),
        );
      },
    });

  return (
    <section aria-labelledby="closes-title" className="stack">
      <div className="row-actions">
        <h2 id="closes-title" className="section-title m-0">
          Today so far (X report)
        </h2>
        <GatedButton
          label="Close the day"
          icon="pi pi-lock"
          onClick={confirmClose}
          allowed={canClose && Boolean(x)}
          reason={canClose ? 'Loading the figures…' : 'Only admins and the owner close the day'}
        />
      </div>
      <QueryState query={current}>
        {() =>
          x && (
            <div className="surface-card panel" data-testid="x-report">
              <p className="muted mt-0">
                Close #{x.number} · since{' '}
                {x.opened_at ? <DateText value={x.opened_at} /> : 'the first payment'}
              </p>
              <CloseFigures totals={x.totals} />
            </div>
          )
        }
      </QueryState>
      <h2 className="section-title">Closes</h2>
      <QueryState query={closes}>
        {() =>
          closes.data?.data.length ? (
            <div className="surface-card">
              <DataTable
                value={closes.data.data}
                dataKey="id"
                stripedRows
                aria-label="Closes of this terminal"
              >
                <Column
                  header="Close"
                  body={(c: Close) => (
                    <Link to={`${base}/closes/${encodeURIComponent(c.id)}`}>#{c.number}</Link>
                  )}
                />
                <Column header="Closed" body={(c: Close) => <DateText value={c.closed_at} />} />
                <Column
                  header="Net"
                  body={(c: Close) => c.totals.map((t) => formatMoney(t.net, t.currency)).join(' · ')}
                />
              </DataTable>
              <p className="p-3 m-0">
                <Link to={`${base}/closes?terminal_id[equals]=${encodeURIComponent(terminalId)}`}>
                  All closes of this terminal
                </Link>
              </p>
            </div>
          ) : (
            <p className="muted">No close yet: the first one covers everything since the first payment.</p>
          )
        }
      </QueryState>
    </section>
  );
}
