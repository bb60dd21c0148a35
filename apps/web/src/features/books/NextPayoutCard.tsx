import { Link } from 'react-router';
import { formatMoney } from '../../lib/money';
import { QueryState } from '../workspace/QueryState';
import { useNextPayout } from './hooks';
import './books.css';

/** The next payout and its day (issue 25 §2): on the dashboard and the Payouts screen. */
export function NextPayoutCard({ projectId, link = false }: { projectId: string; link?: boolean }) {
  const next = useNextPayout(projectId);
  return (
    <section className="surface-card panel" aria-label="Next payout" data-testid="next-payout">
      <QueryState query={next}>
        {() =>
          next.data?.data.length ? (
            <div className="next-payout">
              <span className="muted">Next payout</span>
              {next.data.data.map((p) => (
                <span key={p.currency}>
                  <strong>{formatMoney(p.amount, p.currency)}</strong> on {p.date}
                </span>
              ))}
              {link && <Link to={`/p/${encodeURIComponent(projectId)}/payouts`}>Payouts</Link>}
            </div>
          ) : (
            <p className="muted m-0">
              No payout due yet: payments become available after the project's payout delay.
              {link && (
                <>
                  {' '}
                  <Link to={`/p/${encodeURIComponent(projectId)}/payouts`}>Payouts</Link>
                </>
              )}
            </p>
          )
        }
      </QueryState>
    </section>
  );
}
