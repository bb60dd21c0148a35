// Issue 28: the shopper pages' ICU catalogues are parsed here, at build time, into FormatJS's
// message AST (what `formatjs compile --ast` writes). The browser then formats without the ICU
// parser: the build points `@formatjs/icu-messageformat-parser` at its `no-parser` twin, which
// keeps the pay entry about 30 KB smaller. A message that does not parse fails the build.
import fs from 'node:fs/promises';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const CATALOGUE = /\/src\/pay\/messages\/[a-z]{2}(?:-[A-Z]{2})?\.json$/;

export function precompileMessages(): Plugin {
  return {
    name: 'scanline-precompile-messages',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0] ?? '';
      if (!CATALOGUE.test(file)) return null;
      const messages = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => {
          try {
            return [key, parse(message)];
          } catch (e) {
            throw new Error(`${file}: message "${key}" is not valid ICU: ${(e as Error).message}`);
          }
        }),
      );
      // Still JSON: Vite's own JSON step turns it into the module.
      return JSON.stringify(compiled);
    },
  };
}
