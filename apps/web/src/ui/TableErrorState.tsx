import { Button } from 'primereact/button';
import { ApiError } from '../api/api-error';
import { useT } from '../lib/i18n/console-intl';

/** Why a list could not load: no access (ask an admin), or the error with a retry. */
export function TableErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useT();
  const forbidden = error instanceof ApiError && error.status === 403;
  return (
    <div className="table-state" role="alert">
      <i className={`pi ${forbidden ? 'pi-lock' : 'pi-exclamation-circle'}`} aria-hidden="true" />
      <p>{forbidden ? t('common.table.forbidden') : (error as Error).message}</p>
      {!forbidden && onRetry && <Button label={t('common.tryAgain')} text onClick={onRetry} />}
    </div>
  );
}
