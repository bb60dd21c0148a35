import type { User } from 'firebase/auth';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { mainApi } from '../api/clients';
import { runtimeConfig } from '../config/runtime-config';
import { auth, authReady, authStarted, sdk } from './firebase';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out' | 'error';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  /** Bumps when the user's profile changes (reload), so screens re-read it. */
  version: number;
  /** Why the session ended by itself (seed §4: `auth/user-disabled`, `auth/user-token-expired`). */
  signOutReason: string | null;
  refresh(): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/** Seed §4: the codes with which a failed token refresh signs the user out. */
const SESSION_ENDING = new Set(['auth/user-disabled', 'auth/user-token-expired']);

/**
 * The SDK signs the user out by itself when a refresh fails with user-disabled or
 * user-token-expired (its proactive refresh, 5 minutes before expiry, or one we forced),
 * and reports no reason to listeners. A sign-out we did not ask for is either that or a
 * sign-out in another tab; asking the server for a fresh token with the previous user's
 * refresh token tells them apart and gives the exact code. The previous user is no longer
 * current, so the SDK persists nothing from this probe.
 */
async function whySignedOut(previous: User): Promise<string | null> {
  try {
    await previous.getIdToken(true);
    return null;
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code && SESSION_ENDING.has(code) ? code : null;
  }
}

/**
 * The uid of the session this browser holds, kept beside the SDK's own storage. When the
 * SDK finds at start-up that a stored session is dead (its account lookup fails), it drops
 * the user silently and reports only "signed out"; this marker tells that apart from a
 * visitor who was never signed in, or who signed out on purpose.
 */
const SESSION_MARKER = 'scanline.session';
const store = {
  get: () => {
    try {
      return localStorage.getItem(SESSION_MARKER);
    } catch {
      return null;
    }
  },
  set: (uid: string | null) => {
    try {
      if (uid) localStorage.setItem(SESSION_MARKER, uid);
      else localStorage.removeItem(SESSION_MARKER);
    } catch {
      // Storage blocked: the reason is only a courtesy.
    }
  },
};

/** Set by a deliberate sign-out, so the other tabs, which see it as a dead session, stay quiet. */
const SIGNING_OUT_MARKER = 'scanline.signing-out';
const SIGNING_OUT_WINDOW_MS = 30_000;
const signingOutElsewhere = () => {
  try {
    const at = Number(localStorage.getItem(SIGNING_OUT_MARKER));
    return Number.isFinite(at) && Date.now() - at < SIGNING_OUT_WINDOW_MS;
  } catch {
    return false;
  }
};

/**
 * Signing out ends the session on the server too, as Settings → Security →
 * Sessions → End does: its refresh token is revoked and its ID tokens refused, so the list
 * never shows a signed-out browser as active. With Google's sign-in, Google keeps sessions.
 * Unreachable server: the browser still signs out; the session can be ended from elsewhere.
 */
async function endThisSession(user: User | null) {
  try {
    localStorage.setItem(SIGNING_OUT_MARKER, String(Date.now()));
  } catch {
    // Storage blocked: other tabs may show a reason for a sign-out they did not see.
  }
  if (!user || runtimeConfig().auth.provider !== 'builtin') return;
  try {
    const sid = (await user.getIdTokenResult()).claims.sid;
    if (typeof sid === 'string')
      await mainApi().request(`/me/sessions/${encodeURIComponent(sid)}`, { method: 'DELETE' });
  } catch {
    // Signed out locally all the same.
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [version, setVersion] = useState(0);
  const [signOutReason, setSignOutReason] = useState<string | null>(null);
  const previous = useRef<User | null>(null);
  const signingOut = useRef(false);

  useEffect(() => {
    // The SDK starts after the first paint; until it reports, status is 'loading'.
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    authStarted().then(
      (ready) => {
        if (cancelled) return;
        // Fires on sign-in, sign-out, automatic sign-out and a sign-out in another tab.
        unsubscribe = sdk().onAuthStateChanged(ready, onChange, () => setStatus('error'));
      },
      // Seed §2: an auth state that cannot be read sends the guards to /error.
      () => setStatus('error'),
    );
    function onChange(next: User | null) {
      const before = previous.current;
      previous.current = next;
      if (next) {
        setSignOutReason(null);
        store.set(next.uid);
      } else {
        if (signingOut.current) {
          // Asked for here: nothing to explain.
        } else if (before && !signingOutElsewhere()) {
          void whySignedOut(before).then((code) => code && setSignOutReason(code));
        } else if (store.get()) {
          setSignOutReason('scanline/session-ended');
        }
        store.set(null);
      }
      signingOut.current = false;
      setUser(next);
      setStatus(next ? 'signed-in' : 'signed-out');
      setVersion((v) => v + 1);
    }
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, []);

  const value = useMemo<AuthState>(
    () => ({
      status,
      user,
      version,
      signOutReason,
      async refresh() {
        await auth().currentUser?.reload();
        setUser(auth().currentUser);
        setVersion((v) => v + 1);
      },
      async signOut() {
        signingOut.current = true;
        await endThisSession(auth().currentUser);
        await sdk().signOut(auth());
      },
    }),
    [status, user, version, signOutReason],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}

/** The ID token for API calls (the SDK refreshes it when it is within 5 minutes of expiry). */
export async function currentIdToken(forceRefresh: boolean): Promise<string | null> {
  const user = (await authReady()).currentUser;
  if (!user) return null;
  return user.getIdToken(forceRefresh);
}
