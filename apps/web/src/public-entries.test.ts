import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The web terminal and the shopper pages paint from their own entries (vite.config.ts), whose
// first scripts `npm run bench bundle` weighs against React alone. A value imported from the
// contracts' root brings every zod schema with it (29 KB of brotli on the terminal once, from
// one constant): the entries take values from the contracts' small modules only, and types from
// anywhere. This walks their static imports, as the bundler does, and names what they reach.

const SRC = path.dirname(new URL(import.meta.url).pathname);
/** Packages a public entry's first paint never loads. */
const HEAVY = ['@scanline/contracts', 'zod', 'primereact', 'firebase', 'react-intl', 'intl-messageformat'];

function valueImports(source: string): string[] {
  const out: string[] = [];
  const pattern =
    /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;
  for (const m of source.matchAll(pattern)) {
    if (m[5]) {
      out.push(m[5]);
      continue;
    }
    if (m[2]) continue; // `import type …`: erased
    const names = m[3] ?? '';
    // `import { type A, type B }`: erased too.
    const inner = /^\{([^}]*)\}$/.exec(names.trim());
    if (inner && inner[1]!.split(',').every((n) => !n.trim() || n.trim().startsWith('type '))) continue;
    out.push(m[4]!);
  }
  return out;
}

function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  return null;
}

/** Every package a file reaches through static value imports, with the chain that reaches it. */
function packagesReached(entry: string): Map<string, string> {
  const reached = new Map<string, string>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        const next = resolve(file, specifier);
        if (next) walk(next, `${chain} → ${path.relative(SRC, next)}`);
      } else if (!reached.has(specifier)) reached.set(specifier, `${chain} → ${specifier}`);
    }
  };
  walk(path.join(SRC, entry), entry);
  return reached;
}

describe('the public entries stay light', () => {
  for (const entry of ['terminal-app/main.tsx', 'pay/main.tsx'])
    it(`${entry} reaches none of ${HEAVY.join(', ')} on first paint`, () => {
      const reached = packagesReached(entry);
      const heavy = [...reached].filter(([pkg]) => HEAVY.includes(pkg)).map(([, chain]) => chain);
      expect(heavy).toEqual([]);
      // The walk itself: it reaches React and the contracts' small modules.
      expect(reached.has('react')).toBe(true);
      expect([...reached.keys()].some((p) => p.startsWith('@scanline/contracts/'))).toBe(true);
    });

  it('tells a value import from a type-only one', () => {
    expect(valueImports("import type { A } from 'x';\nimport { type B, type C } from 'y';")).toEqual([]);
    expect(valueImports("import { D, type E } from 'z';\nimport 'w';")).toEqual(['z', 'w']);
  });
});
