import { useEffect } from 'react';
import { accountLocale, useMe } from '../../api/me';
import { useLocaleChoice } from '../../lib/i18n/console-intl';

/**
 * The language chosen in Settings → Language is the account's (GET /api/v1/me
 * `locale`); once the answer is in, the console follows it, or the browser's when there is none.
 */
export function AccountLocale() {
  const me = useMe();
  const { setAccountLocale } = useLocaleChoice();
  const answered = me.data !== undefined;
  const locale = accountLocale(me.data);
  useEffect(() => {
    if (answered) setAccountLocale(locale);
  }, [answered, locale, setAccountLocale]);
  return null;
}
