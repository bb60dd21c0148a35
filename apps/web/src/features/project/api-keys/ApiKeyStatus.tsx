import type { ApiKey } from '@scanline/contracts';
import { Tag } from 'primereact/tag';
import { useT } from '../../../lib/i18n/console-intl';

/** Revoked, expired or active. */
export function ApiKeyStatus({ apiKey: k }: { apiKey: ApiKey }) {
  const { t } = useT();
  if (k.revoked_at) return <Tag severity="danger" value={t('project.keys.statusRevoked')} />;
  if (k.expires_at && new Date(k.expires_at) < new Date())
    return <Tag severity="warning" value={t('project.keys.statusExpired')} />;
  return <Tag severity="success" value={t('project.keys.statusActive')} />;
}
