import { Dropdown } from 'primereact/dropdown';
import { RadioButton } from 'primereact/radiobutton';
import { useState } from 'react';
import { Link } from 'react-router';
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

const APPEARANCES: { value: Appearance; label: string }[] = [
  { value: 'system', label: 'Follow my system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export default function SettingsPage() {
  const ui = useUi();
  const [appearance, setLocalAppearance] = useState<Appearance>(getAppearance());
  const [dateFormat, setLocalDateFormat] = useState<DateFormat>(getDateFormat());
  return (
    <>
      <PageHeader
        title="Settings"
        subtitle="How the console looks for you on this browser, and how you sign in."
      />
      <div className="stack">
        <section className="surface-card panel" aria-labelledby="security-title">
          <h2 id="security-title">Security</h2>
          <p>Two-step verification asks for a code from an authenticator app after your password.</p>
          <Link to="/u/settings/security" className="p-button p-button-outlined">
            <span className="p-button-icon p-button-icon-left pi pi-shield" aria-hidden="true" />
            <span className="p-button-label">Two-step verification</span>
          </Link>
        </section>
        <section className="surface-card panel p-fluid" aria-labelledby="appearance-title">
          <h2 id="appearance-title">Appearance</h2>
          <fieldset className="radio-group">
            <legend className="sr-only">Colour mode</legend>
            {APPEARANCES.map((a) => (
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
          <h2 id="dates-title">Dates</h2>
          <FormField id="date-format" label="Date format" help={`Now reads ${formatDate(new Date())}.`}>
            <Dropdown
              inputId="date-format"
              value={dateFormat}
              options={DATE_FORMATS.map((f) => ({
                value: f,
                label: f === 'auto' ? `As my language writes dates (${datePattern('auto')})` : f,
              }))}
              onChange={(e) => {
                setDateFormat(e.value);
                setLocalDateFormat(e.value);
                ui.toast('success', 'Date format saved');
              }}
            />
          </FormField>
          <p className="muted">
            A project’s pages show times in the project’s time zone, as its dashboard counts days; other pages
            in your browser’s ({Intl.DateTimeFormat().resolvedOptions().timeZone}).
          </p>
        </section>
      </div>
    </>
  );
}
