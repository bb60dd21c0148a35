import { createHash } from 'node:crypto';

/** Secrets at rest (refresh tokens, one-time codes) are kept only as SHA-256 digests. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
