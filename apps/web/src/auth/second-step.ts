import type { MultiFactorError, MultiFactorResolver } from 'firebase/auth';
import { authErrorCode } from './errors';
import { auth, sdk } from './firebase';

// Apart from the form, so the sign-in screen can tell a second step is needed without loading
// the form's code before its first paint.

export const isSecondStepRequired = (error: unknown) =>
  authErrorCode(error) === 'auth/multi-factor-auth-required';

/** The resolver for a sign-in (or reauthentication) that needs its second step. */
export const secondStepResolver = (error: unknown): MultiFactorResolver =>
  sdk().getMultiFactorResolver(auth(), error as MultiFactorError);
