import type { PrimitiveType } from 'intl-messageformat';
import type { Translator } from '../i18n/catalogue';
import { type EmailContent, type RenderedEmail, renderEmail } from './render-email';

/**
 * One email from its catalogue messages: `<key>.subject`, `.heading`, `.intro`,
 * `.action` and, when English has one, `.outro`, all formatted with the same arguments; the
 * link and any labelled facts come from the caller.
 */
export function renderLocalizedEmail(
  t: Translator,
  key: string,
  values: Record<string, PrimitiveType>,
  extra: Pick<EmailContent, 'actionUrl' | 'details'>,
): RenderedEmail {
  return renderEmail(
    t.t(`${key}.subject`, values),
    {
      heading: t.t(`${key}.heading`, values),
      intro: t.t(`${key}.intro`, values),
      actionLabel: t.t(`${key}.action`, values),
      ...(t.has(`${key}.outro`) ? { outro: t.t(`${key}.outro`, values) } : {}),
      ...extra,
    },
    { lang: t.locale, dir: t.dir, orOpenLink: t.t('common.orOpenLink') },
  );
}
