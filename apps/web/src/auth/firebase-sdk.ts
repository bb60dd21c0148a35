// The SDK functions the boot path uses, imported by name so the bundler keeps only what is
// used (a namespace import would keep all of firebase/auth, reCAPTCHA and popup code included).
export { initializeApp } from 'firebase/app';
export {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  GoogleAuthProvider,
  // The second sign-in step: resolving auth/multi-factor-auth-required.
  getMultiFactorResolver,
  indexedDBLocalPersistence,
  initializeAuth,
  OAuthProvider,
  onAuthStateChanged,
  onIdTokenChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendSignInLinkToEmail,
  signInWithCredential,
  // The sign-in screen's calls: loaded after its first paint, not before.
  signInWithEmailAndPassword,
  signOut,
  TotpMultiFactorGenerator,
} from 'firebase/auth';
