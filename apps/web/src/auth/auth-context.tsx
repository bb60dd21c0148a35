import type { User } from 'firebase/auth';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { auth, sdk } from './firebase';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  /** Bumps when the user's profile changes (reload), so screens re-read it. */
  version: number;
  refresh(): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);
const SIGN_OUT_REASON = 'scanline.signout-reason';

/** Why the SDK signed the user out by itself (seed §4), shown once on the login screen. */
export function noteSignOutReason(code: string) {
  sessionStorage.setItem(SIGN_OUT_REASON, code);
}
export function takeSignOutReason(): string | null {
  const code = sessionStorage.getItem(SIGN_OUT_REASON);
  sessionStorage.removeItem(SIGN_OUT_REASON);
  return code;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [version, setVersion] = useState(0);

  useEffect(() => {
    // Fires on sign-in, sign-out, automatic sign-out and a sign-out in another tab.
    return sdk().onAuthStateChanged(auth(), (next) => {
      setUser(next);
      setStatus(next ? 'signed-in' : 'signed-out');
      setVersion((v) => v + 1);
    });
  }, []);

  const value = useMemo<AuthState>(
    () => ({
      status,
      user,
      version,
      async refresh() {
        await auth().currentUser?.reload();
        setUser(auth().currentUser);
        setVersion((v) => v + 1);
      },
      async signOut() {
        await sdk().signOut(auth());
      },
    }),
    [status, user, version],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}

/** The ID token for API calls; a refresh that ends the session records why. */
export async function currentIdToken(forceRefresh: boolean): Promise<string | null> {
  const user = auth().currentUser;
  if (!user) return null;
  try {
    return await user.getIdToken(forceRefresh);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'auth/user-disabled' || code === 'auth/user-token-expired') noteSignOutReason(code);
    throw error;
  }
}
