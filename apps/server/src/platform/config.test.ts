import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults for npm start', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.publicUrl).toBe('http://127.0.0.1:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.auth.provider).toBe('builtin');
    expect(c.auth.issuer).toBe('http://127.0.0.1:3000');
    expect(c.passwordPolicy.minLength).toBe(6);
    expect(c.apiUrls.main).toBe('http://127.0.0.1:3000/api/v1');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ OIDC_PROVIDERS: '{nope' })).toThrow(/OIDC_PROVIDERS/);
    expect(() => loadConfig({ AUTH_PROVIDER: 'google' })).toThrow(/GOOGLE_PROJECT_ID/);
    expect(() => loadConfig({ PASSWORD_MIN_LENGTH: '12', PASSWORD_MAX_LENGTH: '8' })).toThrow(
      /PASSWORD_MAX_LENGTH/,
    );
  });

  it('switches to Google Identity Platform tokens', () => {
    const c = loadConfig({ AUTH_PROVIDER: 'google', GOOGLE_PROJECT_ID: 'acme-prod' });
    expect(c.auth.issuer).toBe('https://securetoken.google.com/acme-prod');
    expect(c.auth.projectId).toBe('acme-prod');
  });

  it('reads federated providers', () => {
    const c = loadConfig({
      OIDC_PROVIDERS: JSON.stringify([{ name: 'okta', issuer: 'https://okta.example/', client_id: 'abc' }]),
    });
    expect(c.auth.oidcProviders[0]).toMatchObject({
      name: 'okta',
      provider_id: 'oidc.okta',
      display_name: 'okta',
    });
  });

  it('reads the shutdown and slow-client limits (issue 30), headers within the request limit', () => {
    expect(loadConfig({}).http).toEqual({
      shutdownGraceSeconds: 10,
      headersTimeoutSeconds: 10,
      requestTimeoutSeconds: 30,
    });
    expect(
      loadConfig({
        SHUTDOWN_GRACE_SECONDS: '2.5',
        HEADERS_TIMEOUT_SECONDS: '5',
        REQUEST_TIMEOUT_SECONDS: '5',
      }).http,
    ).toEqual({ shutdownGraceSeconds: 2.5, headersTimeoutSeconds: 5, requestTimeoutSeconds: 5 });
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '40' })).toThrow(/HEADERS_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '-1' })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
  });
});
