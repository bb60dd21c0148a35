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

  it('reads the pooler, replica and retention settings', () => {
    const none = loadConfig({});
    expect(none.databaseDirectUrl).toBeUndefined();
    expect(none.replicas).toEqual({ urls: [], maxLagSeconds: 5 });
    expect(none.retention).toEqual({ requestLogsDays: 30, eventsDays: 30, deliveriesDays: 30 });
    const c = loadConfig({
      DATABASE_URL: 'postgres://app@pgbouncer:6432/scanline',
      DATABASE_DIRECT_URL: 'postgres://app@db:5432/scanline',
      DATABASE_REPLICA_URL: 'postgres://app@r1:5432/scanline, postgresql://app@r2:5432/scanline',
      REPLICA_MAX_LAG_SECONDS: '2.5',
      RETENTION_REQUEST_LOGS_DAYS: '90',
      RETENTION_EVENTS_DAYS: '60',
      RETENTION_DELIVERIES_DAYS: '14',
    });
    expect(c.databaseDirectUrl).toBe('postgres://app@db:5432/scanline');
    expect(c.replicas).toEqual({
      urls: ['postgres://app@r1:5432/scanline', 'postgresql://app@r2:5432/scanline'],
      maxLagSeconds: 2.5,
    });
    expect(c.retention).toEqual({ requestLogsDays: 90, eventsDays: 60, deliveriesDays: 14 });
    // The embedded database has no replicas, and nothing to bypass.
    expect(loadConfig({ DATABASE_REPLICA_URL: 'postgres://app@r1/scanline' }).replicas.urls).toEqual([]);
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://a/b', DATABASE_REPLICA_URL: 'postgres://a/b,mysql://c' }),
    ).toThrow(/DATABASE_REPLICA_URL/);
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'http://db' })).toThrow(/DATABASE_DIRECT_URL/);
    expect(() => loadConfig({ REPLICA_MAX_LAG_SECONDS: '0' })).toThrow(/REPLICA_MAX_LAG_SECONDS/);
    expect(() => loadConfig({ RETENTION_REQUEST_LOGS_DAYS: '0' })).toThrow(/RETENTION_REQUEST_LOGS_DAYS/);
    expect(() => loadConfig({ RETENTION_EVENTS_DAYS: '1' })).toThrow(/RETENTION_EVENTS_DAYS/);
    expect(() => loadConfig({ RETENTION_DELIVERIES_DAYS: 'x' })).toThrow(/RETENTION_DELIVERIES_DAYS/);
    // A delivery is sent from its event: deliveries may not outlive events.
    expect(() => loadConfig({ RETENTION_EVENTS_DAYS: '7', RETENTION_DELIVERIES_DAYS: '30' })).toThrow(
      /RETENTION_DELIVERIES_DAYS: must be at most RETENTION_EVENTS_DAYS/,
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

  it('reads the shutdown and slow-client limits, headers within the request limit', () => {
    expect(loadConfig({}).http).toEqual({
      shutdownGraceSeconds: 10,
      shutdownDelaySeconds: 0,
      headersTimeoutSeconds: 10,
      requestTimeoutSeconds: 30,
    });
    expect(
      loadConfig({
        SHUTDOWN_GRACE_SECONDS: '2.5',
        HEADERS_TIMEOUT_SECONDS: '5',
        REQUEST_TIMEOUT_SECONDS: '5',
      }).http,
    ).toEqual({
      shutdownGraceSeconds: 2.5,
      shutdownDelaySeconds: 0,
      headersTimeoutSeconds: 5,
      requestTimeoutSeconds: 5,
    });
    // The delay before draining is part of the grace period, never longer.
    expect(loadConfig({ SHUTDOWN_DELAY_SECONDS: '2' }).http.shutdownDelaySeconds).toBe(2);
    expect(
      loadConfig({ SHUTDOWN_DELAY_SECONDS: '20', SHUTDOWN_GRACE_SECONDS: '5' }).http.shutdownDelaySeconds,
    ).toBe(5);
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '40' })).toThrow(/HEADERS_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '-1' })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
  });
});
