import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useState } from 'react';
import { formErrors } from '../../../api/api-error';
import { useT } from '../../../lib/i18n/console-intl';
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
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    try {
      await onCreate({ name, mode, ...(expires ? { expires_at: new Date(expires).toISOString() } : {}) });
    } catch (err) {
      const shown = formErrors(err, ['name', 'mode', 'expires_at']);
      setErrors(shown.byField);
      setError(shown.form);
    }
  };
  return (
    <Dialog
      header={t('project.keys.createTitle')}
      visible
      onHide={onClose}
      style={{ width: 'min(30rem, 95vw)' }}
      modal
    >
      <form onSubmit={submit} className="auth-form p-fluid" noValidate>
        {error && (
          <p className="p-error" role="alert">
            {error}
          </p>
        )}
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
            autoFocus
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
        <div className="dialog-actions">
          <Button type="button" label={t('project.keys.cancel')} text onClick={onClose} />
          <Button type="submit" label={t('project.keys.create')} disabled={!name.trim()} />
        </div>
      </form>
    </Dialog>
  );
}
