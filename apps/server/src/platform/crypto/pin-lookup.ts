import { createHmac, hkdfSync } from 'node:crypto';
import type { Config } from '../config';
import { secretsKey } from './secret-box';

const keys = new WeakMap<Config, Buffer>();

/**
 * The key of staff PIN lookups, derived from the secrets key (SECRETS_KEY, which
 * replicas sharing PostgreSQL already share), so a stolen database alone does not reveal PINs.
 */
export function pinLookupKey(config: Config): Buffer {
  let key = keys.get(config);
  if (!key) {
    key = Buffer.from(
      hkdfSync('sha256', secretsKey(config), Buffer.alloc(0), 'scanline staff pin lookup', 32),
    );
    keys.set(config, key);
  }
  return key;
}

/** HMAC-SHA256 of a project's PIN: equal PINs of one project give equal lookups, nothing else does. */
export const pinLookup = (key: Buffer, projectId: string, pin: string) =>
  createHmac('sha256', key).update(`${projectId}:${pin}`).digest('base64url');
