import type { ApiKey } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/console-intl';
import type { MessageId } from '../../../messages/keys';
import { FormField } from '../../../ui/FormField';

const GRACE: { value: number; label: MessageId }[] = [
  { value: 0, label: 'project.keys.graceNow' },
  { value: 3600, label: 'project.keys.graceHour' },
  { value: 86_400, label: 'project.keys.graceDay' },
  { value: 604_800, label: 'project.keys.graceWeek' },
];

/** A new secret for a key, the old one kept working for the grace period chosen. */
export function RollKeyDialog({
  apiKey,
  onClose,
  onRoll,
}: {
  apiKey: ApiKey;
  onClose: () => void;
  onRoll: (grace: number) => Promise<void>;
}) {
  const { t } = useT();
  const [grace, setGrace] = useState(86_400);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      header={t('project.keys.rollTitle', { name: apiKey.name })}
      visible
      onHide={onClose}
      style={{ width: 'min(30rem, 95vw)' }}
      modal
    >
      <div className="auth-form p-fluid">
        {error && (
          <p className="p-error" role="alert">
            {error}
          </p>
        )}
        <p>{t('project.keys.rollText')}</p>
        <FormField id="roll-grace" label={t('project.keys.graceLabel')}>
          <Dropdown
            inputId="roll-grace"
            value={grace}
            options={GRACE.map((g) => ({ value: g.value, label: t(g.label) }))}
            onChange={(e) => setGrace(e.value)}
          />
        </FormField>
        <div className="dialog-actions">
          <Button type="button" label={t('project.keys.cancel')} text onClick={onClose} />
          <Button
            label={t('project.keys.rollAccept')}
            onClick={() => onRoll(grace).catch((e: Error) => setError(e.message))}
          />
        </div>
      </div>
    </Dialog>
  );
}
