/** Who is calling: a signed-in person (ID token) or a server holding a project API key. */
export type Principal =
  | {
      kind: 'user';
      uid: string;
      email: string | null;
      emailVerified: boolean;
      signInProvider: string | null;
      authTime: number;
      /** The built-in service's session (refresh-token row) behind the token, from its `sid`. */
      sessionId: string | null;
      /** The second factor this session passed (`firebase.sign_in_second_factor`), e.g. `totp`. */
      secondFactor: string | null;
      /** The identity record as read while authenticating (built-in service only), so handlers need not read it again. */
      profile?: {
        email: string | null;
        emailVerified: boolean;
        displayName: string | null;
        photoUrl: string | null;
      };
    }
  | { kind: 'api_key'; keyId: string; projectId: string; mode: 'read' | 'write' };

declare module 'fastify' {
  interface FastifyRequest {
    auth: Principal | null;
  }
  interface FastifyContextConfig {
    /** Route answers without credentials (health, OpenAPI). */
    public?: boolean;
    /** GET route that also accepts the session-sync cookie (downloads, event streams). */
    cookieAuth?: boolean;
  }
}
