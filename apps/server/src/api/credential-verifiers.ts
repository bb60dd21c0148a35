import { authenticateApiKey } from '../domain/api-keys/authenticate-api-key';
import { verifyIdTokenPrincipal } from '../identity/tokens/verify-id-token-principal';
import type { CredentialVerifiers } from '../platform/auth/authenticate';

/** The product APIs take a person's ID token or a project API key. */
export const productCredentials: CredentialVerifiers = {
  idToken: verifyIdTokenPrincipal,
  apiKey: authenticateApiKey,
};

/** Routes for people only: an API key is not accepted. */
export const personCredentials: CredentialVerifiers = { idToken: verifyIdTokenPrincipal };
