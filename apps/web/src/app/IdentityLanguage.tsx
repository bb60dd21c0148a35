import { useEffect } from 'react';
import { authStarted } from '../auth/firebase';
import { useLocaleChoice } from '../lib/i18n/console-intl';

/**
 * The identity service writes its emails (verification on sign-up, password reset, sign-in
 * link) in the language the firebase SDK names in `X-Firebase-Locale`: the one shown here.
 */
export function IdentityLanguage() {
  const { locale } = useLocaleChoice();
  useEffect(() => {
    void authStarted().then((auth) => {
      auth.languageCode = locale;
    });
  }, [locale]);
  return null;
}
