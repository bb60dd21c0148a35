/** How long the owner can restore a deleted project before the maintenance loop purges it. */
export const RESTORE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
