import type { ApiKey } from '@scanline/contracts';
import type { ApiKeyRow } from '../../domain/api-keys/api-key-rows';
import { iso } from './iso';

export function presentApiKey(k: ApiKeyRow): ApiKey {
  return {
    id: k.id,
    name: k.name,
    mode: k.mode,
    prefix: k.prefix,
    created_by: k.createdBy,
    created_at: k.createdAt.toISOString(),
    last_used_at: iso(k.lastUsedAt),
    expires_at: iso(k.expiresAt),
    revoked_at: iso(k.revokedAt),
    previous_expires_at: iso(k.previousExpiresAt),
  };
}
