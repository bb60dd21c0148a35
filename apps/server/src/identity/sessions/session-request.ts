/** Where a sign-in came from: shown in the sessions list and in the new-browser notice. */
export interface SessionRequest {
  ip?: string;
  userAgent?: string;
}
