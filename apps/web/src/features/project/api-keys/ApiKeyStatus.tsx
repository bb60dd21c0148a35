import type { ApiKey } from '@scanline/contracts';
import { Tag } from 'primereact/tag';

/** Revoked, expired or active. */
export function ApiKeyStatus({ apiKey: k }: { apiKey: ApiKey }) {
  if (k.revoked_at) return <Tag severity="danger" value="Revoked" />;
  if (k.expires_at && new Date(k.expires_at) < new Date()) return <Tag severity="warning" value="Expired" />;
  return <Tag severity="success" value="Active" />;
}
