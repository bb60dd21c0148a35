import { Button } from 'primereact/button';
import { Link, useParams } from 'react-router';
import { DateText } from '../../theme/display-time-zone';
import { CsvExportButton } from '../../ui/CsvExportButton';
import { PageHeader } from '../../ui/PageHeader';
import { useProjectCrumbs } from '../project/project-crumbs';
import { QueryState } from '../workspace/QueryState';
import { CloseFigures } from './CloseFigures';
import { useClose } from './hooks';
import './books.css';

/** `/p/{id}/closes/{closeId}`: one close (Z report), printable on A4 and on an 80 mm roll. */
export default function CloseDetailPage() {
  const { id = '', closeId = '' } = useParams();
  const close = useClose(id, closeId);
  const crumbs = useProjectCrumbs(closeId, { label: 'Closes', path: 'closes' });
  const c = close.data;
  const base = `/p/${encodeURIComponent(id)}`;
  const exportPath = `/projects/${encodeURIComponent(id)}/closes/${encodeURIComponent(closeId)}/export.csv`;
  return (
    <>
      <PageHeader
        title={c ? `Close #${c.number} · ${c.terminal_label ?? c.terminal_id}` : 'Close'}
        crumbs={crumbs}
        actions={
          c && (
            <div className="row-actions no-print">
              <Button label="Print" icon="pi pi-print" onClick={() => window.print()} />
              <CsvExportButton
                path={exportPath}
                query={{ format: 'csv' }}
                filename={`close-${c.number}.csv`}
              />
              <CsvExportButton
                path={exportPath}
                query={{ format: 'xero' }}
                filename={`close-${c.number}-xero.csv`}
              />
              <CsvExportButton
                path={exportPath}
                query={{ format: 'quickbooks' }}
                filename={`close-${c.number}-quickbooks.csv`}
              />
            </div>
          )
        }
      />
      <QueryState query={close}>
        {() =>
          c && (
            <div className="stack">
              <article className="surface-card panel close-sheet" data-testid="close-sheet">
                <header>
                  <h2>
                    Z report #{c.number} — {c.terminal_label ?? c.terminal_id}
                  </h2>
                  <p className="muted">
                    <DateText value={c.opened_at} /> → <DateText value={c.closed_at} />
                  </p>
                  <p className="muted">
                    Closed by{' '}
                    {c.closed_by.kind === 'schedule'
                      ? (c.closed_by.label ?? 'the schedule')
                      : `${c.closed_by.label ?? c.closed_by.id} (${c.closed_by.kind.replace('_', ' ')})`}
                  </p>
                </header>
                <CloseFigures totals={c.totals} />
                <footer>
                  <p className="muted m-0">
                    {c.transaction_ids.length} payment(s), {c.refund_ids.length} refund(s)
                  </p>
                  <p className="hash m-0">Previous: {c.previous_hash}</p>
                  <p className="hash m-0" data-testid="close-hash">
                    SHA-256: {c.hash}
                  </p>
                </footer>
              </article>
              <section className="no-print" aria-labelledby="close-payments">
                <h2 id="close-payments" className="section-title">
                  Payments and refunds
                </h2>
                {c.transaction_ids.length === 0 && c.refund_ids.length === 0 ? (
                  <p className="muted">Nothing happened in this period: a zero report.</p>
                ) : (
                  <ul className="link-list">
                    {c.transaction_ids.map((t) => (
                      <li key={t}>
                        <Link to={`${base}/transactions/${encodeURIComponent(t)}`}>
                          <code>{t}</code>
                        </Link>
                      </li>
                    ))}
                    {c.refund_ids.map((r) => (
                      <li key={r}>
                        Refund <code>{r}</code>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </div>
          )
        }
      </QueryState>
    </>
  );
}
