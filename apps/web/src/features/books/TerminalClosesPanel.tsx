import type { Close } from '@scanline/contracts';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useRef } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { formatMoney, toMinorUnits } from '../../lib/money';
import { QueryState } from '../../shared/QueryState';
import { DateText } from '../../theme/display-time-zone';
import { GatedButton } from '../../ui/GatedButton';
import { useUi } from '../../ui/global-ui';
import { CloseFigures } from './CloseFigures';
import { useCloses, useCreateClose, useCurrentClose } from './hooks';
import './books.css';

/**
 * On a terminal's page: the running X report, "Close the day" (after a
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
  const { t: tr, rich } = useT();
  const current = useCurrentClose(projectId, terminalId);
  const closes = useCloses(projectId, { 'terminal_id[equals]': terminalId, limit: '5' });
  const create = useCreateClose(projectId, terminalId);
  const base = `/p/${encodeURIComponent(projectId)}`;
  const x = current.data;

  // An open drawer is counted at the close: the X report shows its cash, the dialog asks for it.
  const drawer = x?.totals.find((e) => e.cash);
  const countedRef = useRef<HTMLInputElement>(null);
  const confirmClose = () =>
    ui.confirm({
      header: tr('books.x.confirmTitle'),
      message: (
        <div className="stack">
          <p className="m-0">{tr('books.x.confirmText', { number: String(x?.number ?? '') })}</p>
          {drawer && (
            <label className="stack">
              <span>{tr('books.x.countedCash', { currency: drawer.currency })}</span>
              <input
                ref={countedRef}
                className="p-inputtext"
                inputMode="decimal"
                required
                data-testid="counted-cash"
              />
            </label>
          )}
        </div>
      ),
      acceptLabel: tr('books.x.closeDay'),
      onAccept: async () => {
        const counted = drawer ? toMinorUnits(countedRef.current?.value ?? '', drawer.currency) : null;
        if (drawer && (counted === null || counted < 0)) {
          ui.toast('error', tr('books.x.countedCashInvalid'));
          return;
        }
        const made = await create.mutateAsync(counted ?? undefined);
        ui.toast(
          'success',
          tr('books.x.made', { number: String(made.number) }),
          made.totals.map((t) => tr('books.x.net', { amount: formatMoney(t.net, t.currency) })).join(' · '),
        );
      },
    });

  return (
    <section aria-labelledby="closes-title" className="stack">
      <div className="row-actions">
        <h2 id="closes-title" className="section-title m-0">
          {tr('books.x.title')}
        </h2>
        <GatedButton
          label={tr('books.x.closeDay')}
          icon="pi pi-lock"
          onClick={confirmClose}
          allowed={canClose && Boolean(x)}
          reason={canClose ? tr('books.x.loading') : tr('books.x.onlyAdmins')}
        />
      </div>
      <QueryState query={current}>
        {() =>
          x && (
            <div className="surface-card panel" data-testid="x-report">
              <p className="muted mt-0">
                {x.opened_at
                  ? rich('books.x.since', {
                      number: String(x.number),
                      date: <DateText value={x.opened_at} />,
                    })
                  : tr('books.x.sinceFirst', { number: String(x.number) })}
              </p>
              <CloseFigures totals={x.totals} />
            </div>
          )
        }
      </QueryState>
      <h2 className="section-title">{tr('books.closes.title')}</h2>
      <QueryState query={closes}>
        {() =>
          closes.data?.data.length ? (
            <div className="surface-card">
              <DataTable
                value={closes.data.data}
                dataKey="id"
                stripedRows
                aria-label={tr('books.x.closesOfTerminal')}
              >
                <Column
                  header={tr('books.col.close')}
                  body={(c: Close) => (
                    <Link to={`${base}/closes/${encodeURIComponent(c.id)}`}>#{c.number}</Link>
                  )}
                />
                <Column
                  header={tr('books.col.closed')}
                  body={(c: Close) => <DateText value={c.closed_at} />}
                />
                <Column
                  header={tr('books.col.net')}
                  body={(c: Close) => c.totals.map((t) => formatMoney(t.net, t.currency)).join(' · ')}
                />
              </DataTable>
              <p className="p-3 m-0">
                <Link to={`${base}/closes?terminal_id[equals]=${encodeURIComponent(terminalId)}`}>
                  {tr('books.x.allCloses')}
                </Link>
              </p>
            </div>
          ) : (
            <p className="muted">{tr('books.x.none')}</p>
          )
        }
      </QueryState>
    </section>
  );
}
