import type { ReactNode } from 'react';

/** A labelled form control with its help or error text, wired for screen readers. */
export function FormField({
  id,
  label,
  error,
  help,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  help?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <small id={`${id}-error`} className="p-error" role="alert">
          {error}
        </small>
      ) : help ? (
        <small id={`${id}-help`} className="form-help">
          {help}
        </small>
      ) : null}
    </div>
  );
}
