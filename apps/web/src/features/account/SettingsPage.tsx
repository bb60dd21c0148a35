import { Dropdown } from 'primereact/dropdown';
import { RadioButton } from 'primereact/radiobutton';
import { useState } from 'react';
import { Link } from 'react-router';
import { type T, useT } from '../../lib/i18n/console-intl';
import { type Appearance, getAppearance, setAppearance } from '../../theme/appearance';
import {
  DATE_FORMATS,
  type DateFormat,
  datePattern,
  formatDate,
  getDateFormat,
  setDateFormat,
} from '../../theme/date-format';
import { FormField } from '../../ui/FormField';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';

const APPEARANCES = (t: T): { value: Appearance; label: string }[] => [
  { value: 'system', label: t('account.settings.system') },
  { value: 'light', label: t('account.settings.light') },
  { value: 'dark', label: t('account.settings.dark') },
];

export default function SettingsPage() {
  const ui = useUi();
  const { t } = useT();
  const [appearance, setLocalAppearance] = useState<Appearance>(getAppearance());
  const [dateFormat, setLocalDateFormat] = useState<DateFormat>(getDateFormat());
  return (
    <>
      <PageHeader title={t('account.settings.title')} subtitle={t('account.settings.subtitle')} />
      <div className="stack">
        <section className="surface-card panel" aria-labelledby="security-title">
          <h2 id="security-title">{t('account.settings.security')}</h2>
          <p>{t('account.settings.securityText')}</p>
          <Link to="/u/settings/security" className="p-button p-button-outlined">
            <span className="p-button-icon p-button-icon-left pi pi-shield" aria-hidden="true" />
            <span className="p-button-label">{t('account.settings.twoStep')}</span>
          </Link>
        </section>
        <section className="surface-card panel" aria-labelledby="language-title">
          <h2 id="language-title">{t('account.language.title')}</h2>
          <p>{t('account.settings.languageText')}</p>
          <Link to="/u/settings/language" className="p-button p-button-outlined">
            <span className="p-button-icon p-button-icon-left pi pi-language" aria-hidden="true" />
            <span className="p-button-label">{t('account.language.heading')}</span>
          </Link>
        </section>
        <section className="surface-card panel p-fluid" aria-labelledby="appearance-title">
          <h2 id="appearance-title">{t('account.settings.appearance')}</h2>
          <fieldset className="radio-group">
            <legend className="sr-only">{t('account.settings.colourMode')}</legend>
            {APPEARANCES(t).map((a) => (
              <div key={a.value} className="radio-row">
                <RadioButton
                  inputId={`appearance-${a.value}`}
                  name="appearance"
                  value={a.value}
                  checked={appearance === a.value}
                  onChange={() => {
                    setAppearance(a.value);
                    setLocalAppearance(a.value);
                  }}
                />
                <label htmlFor={`appearance-${a.value}`}>{a.label}</label>
              </div>
            ))}
          </fieldset>
        </section>
        <section className="surface-card panel p-fluid" aria-labelledby="dates-title">
          <h2 id="dates-title">{t('account.settings.dates')}</h2>
          <FormField
            id="date-format"
            label={t('account.settings.dateFormat')}
            help={t('account.settings.nowReads', { date: formatDate(new Date()) })}
          >
            <Dropdown
              inputId="date-format"
              value={dateFormat}
              options={DATE_FORMATS.map((f) => ({
                value: f,
                label: f === 'auto' ? t('account.settings.auto', { pattern: datePattern('auto') }) : f,
              }))}
              onChange={(e) => {
                setDateFormat(e.value);
                setLocalDateFormat(e.value);
                ui.toast('success', t('account.settings.dateSaved'));
              }}
            />
          </FormField>
          <p className="muted">
            {t('account.settings.zones', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone })}
          </p>
        </section>
      </div>
    </>
  );
}
