import { Link } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { formatMoney } from '../../lib/money';
import { QueryState } from '../../shared/QueryState';
import { formatDay } from '../../theme/date-format';
import { useNextPayout } from './hooks';
import './books.css';

/** The next payout and its day: on the dashboard and the Payouts screen. */
export function NextPayoutCard({
  projectId,
  link = false,
  hideWhenNone = false,
}: {
  projectId: string;
  link?: boolean;
  /** Beside the payouts list: "no payout due yet" would read as if the paid ones below did not exist. */
  hideWhenNone?: boolean;
}) {
  const next = useNextPayout(projectId);
  const { t, rich } = useT();
  if (hideWhenNone && next.data && next.data.data.length === 0) return null;
  return (
    <section className="surface-card panel" aria-label={t('books.nextPayout')} data-testid="next-payout">
      <QueryState query={next}>
        {() =>
          next.data?.data.length ? (
            <div className="next-payout">
              <span className="muted">{t('books.nextPayout')}</span>
              {next.data.data.map((p) => (
                <span key={p.currency}>
                  {rich('books.nextPayout.on', {
                    amount: formatMoney(p.amount, p.currency),
                    date: formatDay(p.date),
                    b: (chunks) => <strong>{chunks}</strong>,
                  })}
                </span>
              ))}
              {link && (
                <Link to={`/p/${encodeURIComponent(projectId)}/payouts`}>{t('books.payouts.title')}</Link>
              )}
            </div>
          ) : (
            <p className="muted m-0">
              {t('books.nextPayout.none')}
              {link && (
                <>
                  {' '}
                  <Link to={`/p/${encodeURIComponent(projectId)}/payouts`}>{t('books.payouts.title')}</Link>
                </>
              )}
            </p>
          )
        }
      </QueryState>
    </section>
  );
}
