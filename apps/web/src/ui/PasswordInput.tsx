import { type ChangeEvent, useState } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { PlainInput } from './plain-controls';

/**
 * A password field with a show/hide switch, for screens where PrimeReact's Password (with
 * its overlay, transitions and strength meter) is more than needed: the sign-in form, where
 * every byte before the first paint counts on a phone. The switch is a real
 * button (keyboard and screen readers reach it) with an inline icon (no icon font to load).
 */
export function PasswordInput({
  id,
  value,
  onChange,
  autoComplete = 'current-password',
  required,
  invalid,
  describedBy,
  autoFocus,
}: {
  id: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  autoComplete?: string;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  autoFocus?: boolean;
}) {
  const [visible, setVisible] = useState(false);
  const { t } = useT();
  return (
    <span className="p-password p-component p-inputwrapper password-input">
      <PlainInput
        id={id}
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        required={required}
        invalid={invalid}
        aria-describedby={describedBy}
        autoFocus={autoFocus}
        spellCheck={false}
        autoCapitalize="off"
      />
      <button
        type="button"
        className="password-toggle"
        aria-label={visible ? t('common.password.hide') : t('common.password.show')}
        aria-pressed={visible}
        aria-controls={id}
        onClick={() => setVisible((v) => !v)}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            d={
              visible
                ? 'M3 3l18 18M10.6 6.1A9.8 9.8 0 0 1 12 6c5 0 9 6 9 6a16 16 0 0 1-3 3.4M6.3 7.9A16 16 0 0 0 3 12s4 6 9 6a9 9 0 0 0 4-.9M9.9 9.9a3 3 0 0 0 4.2 4.2'
                : 'M3 12s4-6 9-6 9 6 9 6-4 6-9 6-9-6-9-6zm9 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z'
            }
          />
        </svg>
      </button>
    </span>
  );
}
