import { useState } from 'react';
import { ApiError } from '../../api/api-error';
import { authErrorMessage } from '../../auth/errors';
import { needsRecentSignIn } from '../../auth/reauthenticate';
import { useT } from '../../lib/i18n/console-intl';
import { useUi } from '../../ui/global-ui';

export type Action = () => Promise<void>;

/**
 * Runs sensitive changes that may need a sign-in from the last 5 minutes: `guarded` runs one,
 * and when it needs that sign-in keeps it as `retry` (the screen shows ConfirmIdentityDialog),
 * to run again by `confirmed` once the user has signed in.
 */
export function useRecentSignIn() {
  const ui = useUi();
  const { t } = useT();
  const [retry, setRetry] = useState<Action | null>(null);

  const guarded = async (action: Action, failure: string) => {
    try {
      await action();
    } catch (error) {
      if (needsRecentSignIn(error)) setRetry(() => action);
      else ui.toast('error', failure, error instanceof ApiError ? error.message : authErrorMessage(error));
    }
  };

  return {
    retry,
    guarded,
    /** Asks for a sign-in, then runs `action` (e.g. opens a dialog anew). */
    askThen: (action: Action) => setRetry(() => action),
    cancel: () => setRetry(null),
    confirmed: async () => {
      const action = retry;
      setRetry(null);
      if (action) await guarded(action, t('account.recent.failed'));
    },
  };
}
