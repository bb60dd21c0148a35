import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/console-intl';
import { FormDialog } from '../../../ui/FormDialog';
import { FormField } from '../../../ui/FormField';

/** A new key's name, mode and optional expiry; the server's field errors shown under each. */
export function CreateKeyDialog({
  onClose,
  onCreate,
}: {
  onClose: () => void;
  onCreate: (body: object) => Promise<void>;
}) {
  const { t } = useT();
  const [name, setName] = useState('');
  const [mode, setMode] = useState<'read' | 'write'>('read');
  const [expires, setExpires] = useState('');
  return (
    <FormDialog
      header={t('project.keys.createTitle')}
      width="30rem"
      cancelLabel={t('project.keys.cancel')}
      submitLabel={t('project.keys.create')}
      submitDisabled={!name.trim()}
      fields={['name', 'mode', 'expires_at']}
      onSubmit={() =>
        onCreate({ name, mode, ...(expires ? { expires_at: new Date(expires).toISOString() } : {}) })
      }
      onClose={onClose}
    >
      {(errors) => (
        <>
          <FormField
            id="key-name"
            label={t('project.keys.name')}
            help={t('project.keys.nameHelp')}
            error={errors.name}
          >
            <InputText
              id="key-name"
              value={name}
              invalid={Boolean(errors.name)}
              aria-describedby={errors.name ? 'key-name-error' : 'key-name-help'}
              onChange={(e) => setName(e.target.value)}
            />
          </FormField>
          <FormField id="key-mode" label={t('project.keys.mode')} error={errors.mode}>
            <Dropdown
              inputId="key-mode"
              value={mode}
              onChange={(e) => setMode(e.value)}
              options={[
                { value: 'read', label: t('project.keys.modeReadOption') },
                { value: 'write', label: t('project.keys.modeWriteOption') },
              ]}
            />
          </FormField>
          <FormField id="key-expires" label={t('project.keys.expires')} error={errors.expires_at}>
            <InputText
              id="key-expires"
              invalid={Boolean(errors.expires_at)}
              aria-describedby={errors.expires_at ? 'key-expires-error' : undefined}
              type="date"
              value={expires}
              onChange={(e) => setExpires(e.target.value)}
            />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}
