import { Button } from 'primereact/button';
import { ApiError } from '../api/api-error';

/** Why a list could not load: no access (ask an admin), or the error with a retry. */
export function TableErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const forbidden = error instanceof ApiError && error.status === 403;
  return (
    <div className="table-state" role="alert">
      <i className={`pi ${forbidden ? 'pi-lock' : 'pi-exclamation-circle'}`} aria-hidden="true" />
      <p>
        {forbidden ? 'You do not have access to this list. Ask a project admin.' : (error as Error).message}
      </p>
      {!forbidden && onRetry && <Button label="Try again" text onClick={onRetry} />}
    </div>
  );
}
