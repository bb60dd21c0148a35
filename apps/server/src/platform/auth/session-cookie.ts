export const SESSION_COOKIE = '__session';
/** Seed §9: token max age for session sync, 300 seconds. */
export const SESSION_MAX_AGE_S = 300;
