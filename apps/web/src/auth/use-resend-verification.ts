import { useState } from 'react';
import { translate } from '../lib/i18n/current-locale';
import { useUi } from '../ui/global-ui';
import { useAuth } from './auth-context';
import { authErrorMessage } from './errors';
import { sdk } from './firebase';

/** Sends the verification email again; shared by the banner and the invitation cards. */
export function useResendVerification() {
  const { user } = useAuth();
  const ui = useUi();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    if (!user) return;
    setBusy(true);
    try {
      // Back to where the user was (an invitation link keeps its token), so Accept is one click away.
      await sdk().sendEmailVerification(user, { url: window.location.href });
      ui.toast(
        'success',
        translate('auth.verify.sent'),
        translate('auth.verify.sentDetail', { email: user.email ?? '' }),
      );
    } catch (error) {
      ui.toast('error', translate('auth.verify.notSent'), authErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return { resend, busy };
}
