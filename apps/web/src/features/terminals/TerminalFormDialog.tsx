import {
  createTerminalSchema,
  fieldProblems,
  messagesByField,
  type Terminal,
  updateTerminalSchema,
} from '@scanline/contracts';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useT } from '../../lib/i18n/console-intl';
import type { MessageId } from '../../messages/keys';
import { FormDialog } from '../../ui/FormDialog';
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

  // The same check before sending and for what is sent: the schema's output, not the raw input.
  const checked = () => {
    const body: TerminalInput = editing
      ? { label, location: location.trim() || null, serial: serial.trim() || null }
      : { label, kind, ...(location.trim() ? { location } : {}), ...(serial.trim() ? { serial } : {}) };
    return (editing ? updateTerminalSchema : createTerminalSchema).safeParse(body);
  };

  return (
    <FormDialog
      header={
        editing
          ? t('terminals.form.editTitle', { label: props.terminal?.label ?? '' })
          : t('terminals.form.newTitle')
      }
      width="32rem"
      cancelLabel={t('terminals.form.cancel')}
      submitLabel={editing ? t('terminals.form.save') : t('terminals.form.create')}
      submitDisabled={!label.trim()}
      fields={editing ? ['label', 'location', 'serial'] : ['label', 'kind', 'location', 'serial']}
      validate={() => {
        const result = checked();
        return result.success ? null : messagesByField(fieldProblems(result.error.issues));
      }}
      onSubmit={async () => {
        const result = checked();
        if (result.success) await props.onSave(result.data as TerminalInput);
      }}
      onClose={props.onClose}
    >
      {(errors) => (
        <>
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
                kind === 'virtual'
                  ? t('terminals.form.kindVirtualHelp')
                  : t('terminals.form.kindPhysicalHelp')
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
        </>
      )}
    </FormDialog>
  );
}
