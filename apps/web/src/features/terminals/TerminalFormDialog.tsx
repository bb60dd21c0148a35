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
import { useT } from '../../lib/i18n/console-intl';
import type { MessageId } from '../../messages/keys';
import { FormField } from '../../ui/FormField';
import type { TerminalInput } from './hooks';

const KINDS: { value: Terminal['kind']; label: MessageId }[] = [
  { value: 'virtual', label: 'terminals.form.kindVirtual' },
  { value: 'physical', label: 'terminals.form.kindPhysical' },
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
  const { t } = useT();
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
      header={
        editing
          ? t('terminals.form.editTitle', { label: props.terminal?.label ?? '' })
          : t('terminals.form.newTitle')
      }
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
          label={t('terminals.form.label')}
          error={errors.label}
          help={t('terminals.form.labelHelp')}
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
            label={t('terminals.form.kind')}
            error={errors.kind}
            help={
              kind === 'virtual' ? t('terminals.form.kindVirtualHelp') : t('terminals.form.kindPhysicalHelp')
            }
          >
            <Dropdown
              inputId="terminal-kind"
              value={kind}
              onChange={(e) => setKind(e.value)}
              options={KINDS.map((k) => ({ value: k.value, label: t(k.label) }))}
            />
          </FormField>
        )}
        <FormField id="terminal-location" label={t('terminals.form.location')} error={errors.location}>
          <InputText
            id="terminal-location"
            value={location}
            onChange={(e) => setLocation(e.target.value)}
            invalid={Boolean(errors.location)}
            maxLength={120}
          />
        </FormField>
        <FormField id="terminal-serial" label={t('terminals.form.serial')} error={errors.serial}>
          <InputText
            id="terminal-serial"
            value={serial}
            onChange={(e) => setSerial(e.target.value)}
            invalid={Boolean(errors.serial)}
            maxLength={64}
          />
        </FormField>
        <div className="dialog-actions">
          <Button type="button" label={t('terminals.form.cancel')} text onClick={props.onClose} />
          <Button
            type="submit"
            label={editing ? t('terminals.form.save') : t('terminals.form.create')}
            loading={busy}
            disabled={!label.trim()}
          />
        </div>
      </form>
    </Dialog>
  );
}
