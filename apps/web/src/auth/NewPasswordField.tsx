import type { PasswordValidationStatus } from 'firebase/auth';
import { FormField } from '../ui/FormField';
import { PasswordInput } from '../ui/PasswordInput';
import { PasswordChecklist } from './PasswordChecklist';

/**
 * A new password (sign-up, reset, change) with the live checklist of the server's policy under
 * it. The caller keeps `usePasswordPolicy(value)`: it needs the status to allow submitting and
 * `recheck` after the server turns a password down.
 */
export function NewPasswordField({
  id,
  label,
  value,
  onChange,
  status,
  required,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  status: PasswordValidationStatus | null;
  required?: boolean;
}) {
  const rules = `${id}-rules`;
  return (
    <>
      <FormField id={id} label={label}>
        <PasswordInput
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete="new-password"
          describedBy={rules}
          required={required}
        />
      </FormField>
      <PasswordChecklist status={status} id={rules} />
    </>
  );
}
