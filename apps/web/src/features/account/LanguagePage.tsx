import { RadioButton } from 'primereact/radiobutton';
import { ApiError } from '../../api/api-error';
import { accountLocale, useMe, useSetAccountLocale } from '../../api/me';
import {
  CONSOLE_LANGUAGES,
  type ConsoleLocale,
  PSEUDO,
  useLocaleChoice,
  useT,
} from '../../lib/i18n/console-intl';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';

/** `browser`: none on the account, the browser's languages decide. */
type Choice = ConsoleLocale | 'browser';

/**
 * Settings → Language: the console's language is stored on the account
 * (PATCH /api/v1/me `{ locale }`), so it follows the user to every browser. Each language is
 * named in itself; the pseudo-locale en-XA (accented, longer, bracketed text) finds text left
 * out of the catalogues.
 */
export default function LanguagePage() {
  const { t } = useT();
  const ui = useUi();
  const me = useMe();
  const save = useSetAccountLocale();
  const { locale, setAccountLocale } = useLocaleChoice();
  const chosen: Choice = me.data ? (accountLocale(me.data) ?? 'browser') : locale;
  const options: { value: Choice; label: string; lang?: string }[] = [
    { value: 'browser', label: t('account.language.browser') },
    ...CONSOLE_LANGUAGES.map((l) => ({ value: l.code, label: l.name, lang: l.code })),
    { value: PSEUDO, label: t('account.language.pseudo', { code: PSEUDO }) },
  ];
  const choose = (value: Choice) => {
    const next = value === 'browser' ? null : value;
    save.mutate(next, {
      // The whole console redraws in the new language once its catalogue is in.
      onSuccess: () => setAccountLocale(next),
      onError: (error) =>
        ui.toast(
          'error',
          t('account.language.failed'),
          error instanceof ApiError ? error.message : undefined,
        ),
    });
  };
  return (
    <>
      <PageHeader title={t('account.language.title')} subtitle={t('account.language.subtitle')} />
      <section className="surface-card panel" aria-labelledby="language-title">
        <h2 id="language-title">{t('account.language.heading')}</h2>
        <fieldset className="radio-group" disabled={save.isPending || me.isPending}>
          <legend className="sr-only">{t('account.language.heading')}</legend>
          {options.map((o) => (
            <div key={o.value} className="radio-row">
              <RadioButton
                inputId={`language-${o.value}`}
                name="language"
                value={o.value}
                checked={chosen === o.value}
                onChange={() => choose(o.value)}
              />
              <label htmlFor={`language-${o.value}`} lang={o.lang}>
                {o.label}
              </label>
            </div>
          ))}
        </fieldset>
        <p className="muted">{t('account.language.dates')}</p>
      </section>
    </>
  );
}
