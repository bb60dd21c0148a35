import type { FederatedProvider } from '@scanline/contracts';
import type { AuthCredential, UserCredential } from 'firebase/auth';
// The SDK functions come through `sdk()` once it has loaded, never by a static import: the
// sign-in screen imports this file and must paint before the SDK arrives. Popups
// still open synchronously in the click (no await before window.open).
import { auth, authReady, sdk } from './firebase';

// Seed §9: popup 500 × 600; closed-window poll 2 s; grace after close 8 s.
const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 600;
const CLOSED_POLL_MS = 2000;
const CLOSED_GRACE_MS = 8000;
const HANDLED_KEY = 'scanline.federated.handled';

const authError = (code: string) => Object.assign(new Error(code), { code });

let active: { cancel: () => void } | null = null;

/** Trades a server handle for the provider's ID token, as an SDK credential. */
async function credentialFromHandle(handle: string): Promise<AuthCredential> {
  const res = await fetch('/auth/federated/result', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ handle }),
  });
  if (!res.ok) throw authError('auth/invalid-auth-event');
  const { provider_id, id_token } = (await res.json()) as { provider_id: string; id_token: string };
  await authReady();
  const { GoogleAuthProvider, OAuthProvider } = sdk();
  return provider_id === 'google.com'
    ? GoogleAuthProvider.credential(id_token)
    : new OAuthProvider(provider_id).credential({ idToken: id_token });
}

const completeWithHandle = async (handle: string): Promise<UserCredential> => {
  const credential = await credentialFromHandle(handle);
  return sdk().signInWithCredential(await authReady(), credential);
};

/**
 * Federated sign-in in a centred popup (seed §4): a new popup cancels the previous one
 * (cancelled-popup-request); closing the window rejects after an 8 s grace
 * (popup-closed-by-user); a blocked window rejects with popup-blocked.
 */
export async function signInWithProviderPopup(provider: FederatedProvider): Promise<UserCredential> {
  const credential = await credentialFromPopup(provider);
  return sdk().signInWithCredential(await authReady(), credential);
}

/** Reauthentication with a provider before a sensitive change (the SDK checks it is the same user). */
export async function reauthenticateWithProviderPopup(provider: FederatedProvider): Promise<UserCredential> {
  // Signed-in screens have the SDK already; no await before the popup opens.
  const user = auth().currentUser;
  if (!user) throw authError('auth/user-token-expired');
  return sdk().reauthenticateWithCredential(user, await credentialFromPopup(provider));
}

function credentialFromPopup(provider: FederatedProvider): Promise<AuthCredential> {
  active?.cancel();
  const left = window.screenX + Math.max(0, (window.outerWidth - POPUP_WIDTH) / 2);
  const top = window.screenY + Math.max(0, (window.outerHeight - POPUP_HEIGHT) / 2);
  const popup = window.open(
    `/auth/federated/${encodeURIComponent(provider.name)}/start?mode=popup`,
    'scanline-federated',
    `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top},resizable=yes,scrollbars=yes`,
  );
  if (!popup) return Promise.reject(authError('auth/popup-blocked'));
  return new Promise<AuthCredential>((resolve, reject) => {
    let closedAt: number | null = null;
    const cleanup = () => {
      window.removeEventListener('message', onMessage);
      clearInterval(poll);
      if (active === me) active = null;
    };
    const me = {
      cancel() {
        cleanup();
        reject(authError('auth/cancelled-popup-request'));
      },
    };
    active = me;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data?.type !== 'scanline:federated') return;
      cleanup();
      if (event.data.error)
        reject(
          authError(event.data.error === 'access_denied' ? 'auth/user-cancelled' : 'auth/invalid-auth-event'),
        );
      else credentialFromHandle(String(event.data.handle)).then(resolve, reject);
    };
    window.addEventListener('message', onMessage);
    const poll = setInterval(() => {
      if (!popup.closed) return;
      closedAt ??= Date.now();
      if (Date.now() - closedAt >= CLOSED_GRACE_MS) {
        cleanup();
        reject(authError('auth/popup-closed-by-user'));
      }
    }, CLOSED_POLL_MS);
  });
}

/** The same sign-in by a full-page redirect; the result comes back in the URL fragment. */
export function signInWithProviderRedirect(provider: FederatedProvider, returnTo = '/login') {
  window.location.assign(
    `/auth/federated/${encodeURIComponent(provider.name)}/start?mode=redirect&return_to=${encodeURIComponent(returnTo)}`,
  );
}

/** Seed §4: a redirect result is handled once per session. */
export async function takeRedirectResult(hash: string): Promise<UserCredential | null> {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('federated_error');
  if (error) throw authError(error === 'access_denied' ? 'auth/user-cancelled' : 'auth/invalid-auth-event');
  const handle = params.get('federated');
  if (!handle) return null;
  const handled = JSON.parse(sessionStorage.getItem(HANDLED_KEY) ?? '[]') as string[];
  if (handled.includes(handle)) return null;
  sessionStorage.setItem(HANDLED_KEY, JSON.stringify([...handled, handle].slice(-20)));
  return completeWithHandle(handle);
}
