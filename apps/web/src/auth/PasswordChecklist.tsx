import type { PasswordValidationStatus } from 'firebase/auth';

/** The live checklist under a new password, from the server's policy (validatePassword). */
export function PasswordChecklist({ status, id }: { status: PasswordValidationStatus | null; id: string }) {
  const options = status?.passwordPolicy.customStrengthOptions ?? { minPasswordLength: 6 };
  const rules: [boolean | undefined, string][] = [
    [status?.meetsMinPasswordLength, `At least ${options.minPasswordLength ?? 6} characters`],
  ];
  // 4096 is the service default ceiling: only a real limit is worth a line.
  if (options.maxPasswordLength && options.maxPasswordLength < 4096)
    rules.push([status?.meetsMaxPasswordLength, `At most ${options.maxPasswordLength} characters`]);
  if (options.containsLowercaseLetter) rules.push([status?.containsLowercaseLetter, 'A lower-case letter']);
  if (options.containsUppercaseLetter) rules.push([status?.containsUppercaseLetter, 'An upper-case letter']);
  if (options.containsNumericCharacter) rules.push([status?.containsNumericCharacter, 'A number']);
  if (options.containsNonAlphanumericCharacter)
    rules.push([status?.containsNonAlphanumericCharacter, 'A symbol']);
  return (
    <ul className="password-checklist" id={id} aria-live="polite">
      {rules.map(([ok, label]) => (
        <li key={label} className={ok ? 'ok' : 'todo'}>
          <i className={`pi ${ok ? 'pi-check-circle' : 'pi-circle'}`} aria-hidden="true" />
          <span>{label}</span>
          <span className="sr-only">{ok ? ' (done)' : ' (missing)'}</span>
        </li>
      ))}
    </ul>
  );
}
