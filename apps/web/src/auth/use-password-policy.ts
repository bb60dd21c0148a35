import { type PasswordValidationStatus, validatePassword } from 'firebase/auth';
import { useCallback, useEffect, useState } from 'react';
import { authReady } from './firebase';

/** Checks a password against the server's policy as the user types (the SDK caches the policy). */
export function usePasswordPolicy(password: string) {
  const [status, setStatus] = useState<PasswordValidationStatus | null>(null);
  const [nonce, setNonce] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `nonce` asks for a fresh check of the same password.
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      authReady()
        .then((auth) => validatePassword(auth, password))
        .then((s) => live && setStatus(s))
        .catch(() => live && setStatus(null));
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [password, nonce]);
  // After password-does-not-meet-requirements the SDK refetches the policy; check again (seed §5).
  const recheck = useCallback(() => setNonce((n) => n + 1), []);
  return { status, recheck };
}
