/** Where a sign-in came from: shown in the sessions list and in the new-browser notice. */
export interface SessionRequest {
  ip?: string;
  userAgent?: string;
  /** The sender's languages, first wish first (the new-browser notice is written in them). */
  languages?: string[];
}
