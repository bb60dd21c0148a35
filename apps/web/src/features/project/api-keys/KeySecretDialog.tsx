import type { ApiKey } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useT } from '../../../lib/i18n/console-intl';
import { SecretReveal } from '../../../ui/SecretReveal';

/** A key as created or rolled: the one time its secret is shown. */
export type ApiKeyWithSecret = ApiKey & { secret: string };

/** Shows a new secret once, to copy before closing. */
export function KeySecretDialog({ apiKey, onClose }: { apiKey: ApiKeyWithSecret; onClose: () => void }) {
  const { t } = useT();
  return (
    <Dialog
      header={t('project.keys.secretTitle', { name: apiKey.name })}
      visible
      onHide={onClose}
      style={{ width: 'min(36rem, 95vw)' }}
      modal
      closable={false}
    >
      <Message severity="warn" className="mb-3" text={t('project.keys.secretWarning')} />
      <SecretReveal secret={apiKey.secret} testId="api-key-secret" />
      <div className="dialog-actions">
        <Button label={t('project.keys.stored')} onClick={onClose} />
      </div>
    </Dialog>
  );
}
