import type { PasswordValidationStatus } from 'firebase/auth';
import { useT } from '../lib/i18n/console-intl';

/** The live checklist under a new password, from the server's policy (validatePassword). */
export function PasswordChecklist({ status, id }: { status: PasswordValidationStatus | null; id: string }) {
  const { t } = useT();
  const options = status?.passwordPolicy.customStrengthOptions ?? { minPasswordLength: 6 };
  const rules: [boolean | undefined, string][] = [
    [status?.meetsMinPasswordLength, t('auth.password.min', { n: options.minPasswordLength ?? 6 })],
  ];
  // 4096 is the service default ceiling: only a real limit is worth a line.
  if (options.maxPasswordLength && options.maxPasswordLength < 4096)
    rules.push([status?.meetsMaxPasswordLength, t('auth.password.max', { n: options.maxPasswordLength })]);
  if (options.containsLowercaseLetter)
    rules.push([status?.containsLowercaseLetter, t('auth.password.lower')]);
  if (options.containsUppercaseLetter)
    rules.push([status?.containsUppercaseLetter, t('auth.password.upper')]);
  if (options.containsNumericCharacter)
    rules.push([status?.containsNumericCharacter, t('auth.password.number')]);
  if (options.containsNonAlphanumericCharacter)
    rules.push([status?.containsNonAlphanumericCharacter, t('auth.password.symbol')]);
  return (
    <ul className="password-checklist" id={id} aria-live="polite">
      {rules.map(([ok, label]) => (
        <li key={label} className={ok ? 'ok' : 'todo'}>
          <i className={`pi ${ok ? 'pi-check-circle' : 'pi-circle'}`} aria-hidden="true" />
          <span>{label}</span>
          <span className="sr-only">{ok ? t('auth.password.done') : t('auth.password.missing')}</span>
        </li>
      ))}
    </ul>
  );
}
