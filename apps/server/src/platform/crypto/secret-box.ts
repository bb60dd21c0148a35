import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

const keys = new Map<string, Buffer>();

/**
 * The key that encrypts secrets at rest (business Stripe keys): SECRETS_KEY, or a key made
 * once into DATA_DIR/secrets.key (mode 0600). Replicas sharing PostgreSQL must share SECRETS_KEY.
 */
export function secretsKey(config: Config): Buffer {
  const cacheKey = config.secretsKey ?? config.dataDir;
  const cached = keys.get(cacheKey);
  if (cached) return cached;
  let key: Buffer;
  if (config.secretsKey) {
    key = Buffer.from(config.secretsKey, 'base64');
    if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes, base64-encoded');
  } else {
    const file = path.join(config.dataDir, 'secrets.key');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(config.dataDir, { recursive: true });
      try {
        fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
      } catch (error) {
        // Another process on this DATA_DIR wrote it first: use theirs.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  }
  keys.set(cacheKey, key);
  return key;
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function seal(config: Config, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretsKey(config), iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function open(config: Config, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', secretsKey(config), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
