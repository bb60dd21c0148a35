import { Button } from 'primereact/button';
import { Link, useParams } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { useProjectCrumbs } from '../../shared/project-crumbs';
import { QueryState } from '../../shared/QueryState';
import { DateText } from '../../theme/display-time-zone';
import { CsvExportButton } from '../../ui/CsvExportButton';
import { PageHeader } from '../../ui/PageHeader';
import { CloseFigures } from './CloseFigures';
import { useClose } from './hooks';
import './books.css';

/** `/p/{id}/closes/{closeId}`: one close (Z report), printable on A4 and on an 80 mm roll. */
export default function CloseDetailPage() {
  const { id = '', closeId = '' } = useParams();
  const close = useClose(id, closeId);
  const { t, rich } = useT();
  const crumbs = useProjectCrumbs(closeId, { label: t('books.closes.title'), path: 'closes' });
  const c = close.data;
  const base = `/p/${encodeURIComponent(id)}`;
  const exportPath = `/projects/${encodeURIComponent(id)}/closes/${encodeURIComponent(closeId)}/export.csv`;
  return (
    <>
      <PageHeader
        title={
          c
            ? t('books.close.heading', {
                number: String(c.number),
                terminal: c.terminal_label ?? c.terminal_id,
              })
            : t('books.close.title')
        }
        crumbs={crumbs}
        actions={
          c && (
            <div className="row-actions no-print">
              <Button label={t('books.close.print')} icon="pi pi-print" onClick={() => window.print()} />
              <CsvExportButton
                path={exportPath}
                query={{ format: 'csv' }}
                format="csv"
                filename={`close-${c.number}.csv`}
              />
              <CsvExportButton
                path={exportPath}
                query={{ format: 'xero' }}
                format="xero"
                filename={`close-${c.number}-xero.csv`}
              />
              <CsvExportButton
                path={exportPath}
                query={{ format: 'quickbooks' }}
                format="quickbooks"
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
                    {t('books.close.zReport', {
                      number: String(c.number),
                      terminal: c.terminal_label ?? c.terminal_id,
                    })}
                  </h2>
                  <p className="muted">
                    <DateText value={c.opened_at} /> → <DateText value={c.closed_at} />
                  </p>
                  <p className="muted">
                    {c.closed_by.kind === 'schedule'
                      ? c.closed_by.label
                        ? t('books.close.closedByLabel', { label: c.closed_by.label })
                        : t('books.close.closedBySchedule')
                      : t('books.close.closedBy', {
                          label: c.closed_by.label ?? c.closed_by.id,
                          kind: c.closed_by.kind,
                        })}
                  </p>
                </header>
                <CloseFigures totals={c.totals} />
                <footer>
                  <p className="muted m-0">
                    {t('books.close.counts', {
                      payments: c.transaction_ids.length,
                      refunds: c.refund_ids.length,
                    })}
                  </p>
                  <p className="hash m-0">{t('books.close.previous', { hash: c.previous_hash })}</p>
                  <p className="hash m-0" data-testid="close-hash">
                    SHA-256: {c.hash}
                  </p>
                </footer>
              </article>
              <section className="no-print" aria-labelledby="close-payments">
                <h2 id="close-payments" className="section-title">
                  {t('books.close.payments')}
                </h2>
                {c.transaction_ids.length === 0 && c.refund_ids.length === 0 ? (
                  <p className="muted">{t('books.close.zero')}</p>
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
                      <li key={r}>{rich('books.close.refund', { id: <code>{r}</code> })}</li>
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
