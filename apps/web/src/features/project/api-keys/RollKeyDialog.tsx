import type { ApiKey } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { FormField } from '../../../ui/FormField';

const GRACE = [
  { value: 0, label: 'Stop the old secret now' },
  { value: 3600, label: '1 hour' },
  { value: 86_400, label: '24 hours' },
  { value: 604_800, label: '7 days' },
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
  const [grace, setGrace] = useState(86_400);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      header={`Roll ${apiKey.name}`}
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
        <p>A new secret replaces this one. Keep the old one working while you deploy the new one:</p>
        <FormField id="roll-grace" label="Old secret keeps working for">
          <Dropdown inputId="roll-grace" value={grace} options={GRACE} onChange={(e) => setGrace(e.value)} />
        </FormField>
        <div className="dialog-actions">
          <Button type="button" label="Cancel" text onClick={onClose} />
          <Button label="Roll key" onClick={() => onRoll(grace).catch((e: Error) => setError(e.message))} />
        </div>
      </div>
    </Dialog>
  );
}
