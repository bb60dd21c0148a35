// The SDK functions the boot path uses, imported by name so the bundler keeps only what is
// used (a namespace import would keep all of firebase/auth, reCAPTCHA and popup code included).
export { initializeApp } from 'firebase/app';
export {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  onIdTokenChanged,
  sendEmailVerification,
  signOut,
} from 'firebase/auth';
