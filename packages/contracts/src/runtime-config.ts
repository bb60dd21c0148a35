import { z } from 'zod';

/**
 * What the server tells the console at `GET /config.json`. Served at run time, never baked
 * into the build, so one build of the console runs against any deployment.
 */
export const federatedProviderSchema = z.object({
  /** The firebase provider id: `oidc.<name>` or `google.com`. */
  id: z.string(),
  /** The short name used in `/auth/federated/{name}/start`. */
  name: z.string(),
  /** What the sign-in button says, e.g. "Acme SSO". */
  display_name: z.string(),
});
export type FederatedProvider = z.infer<typeof federatedProviderSchema>;

export const runtimeConfigSchema = z.object({
  public_url: z.string(),
  firebase: z.object({
    api_key: z.string(),
    auth_domain: z.string(),
    project_id: z.string(),
  }),
  auth: z.object({
    provider: z.enum(['builtin', 'google']),
    /** Origin of the built-in identity service, for `connectAuthEmulator`; null with Google. */
    emulator_origin: z.string().nullable(),
    federated_providers: z.array(federatedProviderSchema),
    /** Session-sync endpoint (seed §7): the SDK posts the ID token here; null when off. */
    token_sync_url: z.string().nullable(),
  }),
  api: z.object({
    main: z.string(),
    terminal: z.string(),
    mobile: z.string(),
  }),
  /**
   * The operator's terms of service and privacy policy (`TERMS_URL`, `PRIVACY_URL`), linked
   * from sign-up; null when not configured, and sign-up then asks nobody to accept them.
   */
  legal: z.object({ terms_url: z.string().nullable(), privacy_url: z.string().nullable() }),
  sentry: z.object({
    dsn: z.string().nullable(),
    environment: z.string(),
    /** Origins trace headers may go to: our own domain and its subdomains (seed §1). */
    trace_propagation_targets: z.array(z.string()),
  }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
