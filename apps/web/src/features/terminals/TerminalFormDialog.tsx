import {
  createTerminalSchema,
  fieldProblems,
  messagesByField,
  type Terminal,
  updateTerminalSchema,
} from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../api/api-error';
import { FormField } from '../../ui/FormField';
import type { TerminalInput } from './hooks';

const KINDS = [
  { value: 'virtual', label: 'Virtual (a tablet or browser)' },
  { value: 'physical', label: 'Physical (a card terminal)' },
];

/**
 * Create or edit a terminal. The form checks with the server's own zod schema first, then
 * shows whatever the server still refuses under the field it names.
 */
export function TerminalFormDialog(props: {
  terminal?: Terminal;
  onClose: () => void;
  onSave: (body: TerminalInput) => Promise<unknown>;
}) {
  const editing = Boolean(props.terminal);
  const [label, setLabel] = useState(props.terminal?.label ?? '');
  const [kind, setKind] = useState<Terminal['kind']>(props.terminal?.kind ?? 'virtual');
  const [location, setLocation] = useState(props.terminal?.location ?? '');
  const [serial, setSerial] = useState(props.terminal?.serial ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: TerminalInput = editing
      ? { label, location: location.trim() || null, serial: serial.trim() || null }
      : { label, kind, ...(location.trim() ? { location } : {}), ...(serial.trim() ? { serial } : {}) };
    const checked = (editing ? updateTerminalSchema : createTerminalSchema).safeParse(body);
    if (!checked.success) {
      setErrors(messagesByField(fieldProblems(checked.error.issues)));
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      await props.onSave(checked.data as TerminalInput);
    } catch (err) {
      const byField = fieldErrors(err);
      setErrors(byField);
      if (!Object.keys(byField).length) setFormError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      header={editing ? `Edit ${props.terminal?.label}` : 'New terminal'}
      visible
      onHide={props.onClose}
      style={{ width: 'min(32rem, 95vw)' }}
      modal
    >
      <form onSubmit={submit} className="auth-form p-fluid" noValidate>
        {formError && (
          <p className="p-error" role="alert">
            {formError}
          </p>
        )}
        <FormField
          id="terminal-label"
          label="Label"
          error={errors.label}
          help="What staff call it, e.g. “Front counter”."
        >
          <InputText
            id="terminal-label"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            invalid={Boolean(errors.label)}
            maxLength={80}
          />
        </FormField>
        {!editing && (
          <FormField
            id="terminal-kind"
            label="Kind"
            error={errors.kind}
            help={
              kind === 'virtual'
                ? 'Runs the Scanline terminal app in a browser: open it on any tablet and pair it.'
                : 'A card terminal device that runs the Scanline app.'
            }
          >
            <Dropdown
              inputId="terminal-kind"
              value={kind}
              onChange={(e) => setKind(e.value)}
              options={KINDS}
            />
          </FormField>
        )}
        <FormField id="terminal-location" label="Location (optional)" error={errors.location}>
          <InputText
            id="terminal-location"
            value={location}
            onChange={(e) => setLocation(e.target.value)}
            invalid={Boolean(errors.location)}
            maxLength={120}
          />
        </FormField>
        <FormField id="terminal-serial" label="Serial number (optional)" error={errors.serial}>
          <InputText
            id="terminal-serial"
            value={serial}
            onChange={(e) => setSerial(e.target.value)}
            invalid={Boolean(errors.serial)}
            maxLength={64}
          />
        </FormField>
        <div className="dialog-actions">
          <Button type="button" label="Cancel" text onClick={props.onClose} />
          <Button
            type="submit"
            label={editing ? 'Save' : 'Create terminal'}
            loading={busy}
            disabled={!label.trim()}
          />
        </div>
      </form>
    </Dialog>
  );
}
