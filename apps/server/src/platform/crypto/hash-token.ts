import { createHash } from 'node:crypto';

/** Secrets at rest (refresh tokens, one-time codes) are kept only as SHA-256 digests. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The same digest in hex, where a peer's format asks for it (OIDC nonces, recovery codes at rest). */
export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
