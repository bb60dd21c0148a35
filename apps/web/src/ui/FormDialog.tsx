import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { formErrors } from '../api/api-error';

/** Field errors by field name, as `FormField`'s `error` prop takes them. */
export type FieldErrors = Record<string, string>;

// What a keyboard user types into first. PrimeReact's Dropdown and Checkbox keep a real
// (visually hidden) <input> that takes their focus, so they count too.
const FIELD = 'input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled])';

/**
 * Focus a dialog's first field once it has shown: PrimeReact otherwise puts focus on the
 * header's Close button, so a keyboard user had to Tab past it before typing. Focus already
 * inside (a click during the enter animation) is left where it is.
 */
export function focusFirstField(root: HTMLElement | null) {
  if (!root || root.contains(document.activeElement)) return;
  root.querySelector<HTMLElement>(FIELD)?.focus();
}

export interface FormDialogProps {
  header: string;
  /** CSS width; the dialog never grows past the viewport. */
  width: string;
  cancelLabel: string;
  submitLabel: string;
  /** Off until the form can be sent (a required field empty). */
  submitDisabled?: boolean;
  /** The fields the form shows: a server error about any other lands on the form line, not lost. */
  fields: readonly string[];
  /** Checks before sending (the server's own zod schema): errors returned here stop the submit. */
  validate?: () => FieldErrors | null;
  /** Sends the form. A throw (the API's problem+json) is shown under the fields it names. */
  onSubmit: () => Promise<void>;
  onClose: () => void;
  /** The caller's own alerts, shown under the form line (the invitations the server refused). */
  notice?: ReactNode;
  children: (errors: FieldErrors) => ReactNode;
}

/**
 * The console's create/edit dialog: a modal form whose submit runs one request, the error line
 * above the fields, field errors under each, and Cancel/Submit with a busy state. Mount it only
 * while open (`{open && <…Dialog/>}`): closing unmounts it, so each opening starts blank, and
 * `watchDialogFocusReturn` (ui/focus-return.ts) then gives focus back to the opener.
 */
export function FormDialog(props: FormDialogProps) {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = props.validate?.();
    if (invalid) {
      setErrors(invalid);
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      await props.onSubmit();
    } catch (err) {
      const shown = formErrors(err, props.fields);
      setErrors(shown.byField);
      setFormError(shown.form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      header={props.header}
      visible
      onHide={props.onClose}
      style={{ width: `min(${props.width}, 95vw)` }}
      modal
      focusOnShow={false}
      onShow={() => focusFirstField(form.current)}
    >
      <form ref={form} onSubmit={submit} className="auth-form p-fluid" noValidate>
        {formError && (
          <p className="p-error" role="alert">
            {formError}
          </p>
        )}
        {props.notice}
        {props.children(errors)}
        <div className="dialog-actions">
          <Button type="button" label={props.cancelLabel} text onClick={props.onClose} />
          <Button type="submit" label={props.submitLabel} loading={busy} disabled={props.submitDisabled} />
        </div>
      </form>
    </Dialog>
  );
}
