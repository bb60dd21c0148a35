import Provider from 'oidc-provider';
import { freePort } from './harness';

export interface Account {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface OidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, Account>;
  /** Walks the provider's own login and consent pages as a browser would; returns where it redirects us. */
  signIn(authorizationUrl: string, sub: string): Promise<string>;
  close(): Promise<void>;
}

/** A real OpenID Connect provider (`oidc-provider`) on loopback, for federated sign-in tests. */
export async function startOidcProvider(redirectUris: string[]): Promise<OidcPeer> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, Account>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'scanline-test',
        client_secret: 'scanline-test-secret',
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    // Put email and profile in the ID token itself, as Google and most providers do.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, ...(accounts.get(sub) ?? {}) }),
    }),
    pkce: { required: () => true },
    cookies: { keys: ['oidc-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  const server = provider.listen(port);
  await new Promise((resolve) => server.once('listening', resolve));

  async function signIn(authorizationUrl: string, sub: string): Promise<string> {
    const jar = new Map<string, string>();
    const remember = (res: Response) => {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const [k, ...v] = (pair ?? '').split('=');
        if (k) jar.set(k.trim(), v.join('='));
      }
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let url = authorizationUrl;
    for (let step = 0; step < 12; step++) {
      if (!url.startsWith(issuer)) return url;
      const res = await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
      remember(res);
      if (res.status >= 300 && res.status < 400) {
        url = new URL(res.headers.get('location') ?? '', url).toString();
        continue;
      }
      const html = await res.text();
      const action = html.match(/action="([^"]+)"/)?.[1];
      const prompt = html.match(/name="prompt" value="([^"]+)"/)?.[1];
      if (!action || !prompt) throw new Error(`unexpected provider page: ${html.slice(0, 200)}`);
      const form = new URLSearchParams({
        prompt,
        ...(prompt === 'login' ? { login: sub, password: 'x' } : {}),
      });
      const post = await fetch(new URL(action, url), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      remember(post);
      url = new URL(post.headers.get('location') ?? '', url).toString();
    }
    throw new Error('the provider never redirected back');
  }

  return {
    issuer,
    clientId: 'scanline-test',
    clientSecret: 'scanline-test-secret',
    accounts,
    signIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
