import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

// compose.yaml's HAProxy config is deploy/haproxy/haproxy.cfg with a container's addresses, user
// and logging: every other setting (timeouts, retries, health checks, balancing) must stay the same.
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** Section header (`defaults`, `backend scanline`…) to its directives, without comments. */
function sections(cfg: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const raw of cfg.split('\n')) {
    const line = raw.replace(/#.*$/, '').trimEnd();
    if (!line.trim()) continue;
    if (!/^\s/.test(line)) {
      current = [];
      out.set(line.trim().replace(/\s+/g, ' '), current);
    } else current?.push(line.trim().replace(/\s+/g, ' '));
  }
  return out;
}

const template = sections(read('deploy/haproxy/haproxy.cfg'));
const compose = sections(read('deploy/compose/haproxy.cfg'));

/** Directives the container replaces, each with what it must be in the compose config instead. */
const REPLACED: { template: RegExp; compose: RegExp }[] = [
  { template: /^(chroot|user|group|daemon)( |$)/, compose: /^$/ },
  { template: /^log \/dev\/log /, compose: /^log stdout format raw local0$/ },
  { template: /^stats socket /, compose: /^stats socket \/tmp\/admin\.sock mode 600 level admin$/ },
  { template: /^bind :80$/, compose: /^bind :8080$/ },
  { template: /^server /, compose: /^server scanline-(1|2) scanline-\1:3000 check$/ },
];

describe('deploy/compose/haproxy.cfg', () => {
  it('has the same sections as deploy/haproxy/haproxy.cfg, plus the container DNS resolvers', () => {
    expect([...compose.keys()].filter((s) => s !== 'resolvers compose')).toEqual([...template.keys()]);
    expect(compose.get('resolvers compose')).toContain('parse-resolv-conf');
  });

  for (const [section, directives] of template) {
    it(`keeps every setting of "${section}"`, () => {
      const mine = compose.get(section) ?? [];
      for (const d of directives) {
        if (REPLACED.some((r) => r.template.test(d))) continue;
        if (d.startsWith('default-server ')) {
          // The same limits and check timings, with the servers looked up through the resolvers.
          expect(mine).toContain(`${d} resolvers compose init-addr libc,none`);
          continue;
        }
        expect(mine, `${section}: ${d}`).toContain(d);
      }
      for (const d of mine) {
        const inTemplate = directives.includes(d) || d.startsWith('default-server ');
        const replacement = REPLACED.find((r) => r.compose.test(d));
        expect(inTemplate || replacement !== undefined, `${section}: unexpected "${d}"`).toBe(true);
        if (replacement) expect(directives.some((t) => replacement.template.test(t))).toBe(true);
      }
    });
  }

  it('balances the two compose.yaml replicas by service name', () => {
    expect(compose.get('backend scanline')?.filter((d) => d.startsWith('server '))).toEqual([
      'server scanline-1 scanline-1:3000 check',
      'server scanline-2 scanline-2:3000 check',
    ]);
    const { services } = parseYaml(read('compose.yaml'), { merge: true }) as {
      services: Record<string, { image?: string; volumes?: string[]; environment?: Record<string, string> }>;
    };
    expect(Object.keys(services).sort()).toEqual(['haproxy', 'postgres', 'scanline-1', 'scanline-2']);
    expect(services.haproxy?.volumes).toContain(
      './deploy/compose/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro',
    );
    // The replicas run as deploy/haproxy/haproxy.cfg says they must behind it.
    for (const name of ['scanline-1', 'scanline-2']) {
      expect(services[name]?.environment).toMatchObject({
        TRUST_PROXY: 'true',
        SHUTDOWN_DELAY_SECONDS: '2',
        SHUTDOWN_GRACE_SECONDS: '8',
        // The same required key for both.
        SECRETS_KEY: expect.stringMatching(/^\$\{SECRETS_KEY:\?/),
      });
    }
  });
});
