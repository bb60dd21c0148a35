import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import type { ReactNode } from 'react';
import { ApiError } from '../api/api-error';
import { useT } from '../lib/i18n/console-intl';
import NotFoundPage from '../ui/NotFoundPage';

/** Loading skeletons, the not-found screen for a 404, and a retryable error for the rest. */
export function QueryState({
  query,
  children,
}: {
  query: { isPending: boolean; error: Error | null; refetch: () => unknown };
  children: () => ReactNode;
}) {
  const { t } = useT();
  if (query.isPending) {
    return (
      <div className="stack" role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height="2rem" width="40%" />
        <Skeleton height="12rem" />
      </div>
    );
  }
  if (query.error) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage embedded />;
    return (
      <Message
        severity="error"
        content={
          <span>
            {query.error.message}{' '}
            <Button label={t('common.retry')} text size="small" onClick={() => void query.refetch()} />
          </span>
        }
      />
    );
  }
  return <>{children()}</>;
}
