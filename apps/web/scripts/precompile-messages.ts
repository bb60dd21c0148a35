// The ICU catalogues are parsed here, at build time, into FormatJS's message AST (what
// `formatjs compile --ast` writes). The browser then formats without the ICU parser: the build
// points `@formatjs/icu-messageformat-parser` at its `no-parser` twin, which keeps the pay entry
// about 30 KB smaller. A message that does not parse fails the build.
//
// The shopper pages import one file per language (src/pay/messages/xx.json). The console's
// catalogues are split by area (src/messages/<area>/xx.json, every key prefixed `<area>.`) so
// areas can be translated side by side; each page imports merged catalogues per language:
// `virtual:scanline-messages/sign-in/xx` (`auth` and `common`: all that /login paints with),
// `virtual:scanline-messages/console-rest/xx` (every other area: the console is both), and the
// web terminal `virtual:scanline-messages/terminal/xx` (`common` and `terminal` only).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const PAY_CATALOGUE = /\/src\/pay\/messages\/[a-z]{2}(?:-[A-Z]{2})?\.json$/;
const VIRTUAL = 'virtual:scanline-messages/';
const RESOLVED = `\0${VIRTUAL}`;
export const CONSOLE_MESSAGES = fileURLToPath(new URL('../src/messages', import.meta.url));
/** The areas /login paints with (docs/develop/adding-a-language.md#first-paint). */
export const SIGN_IN_AREAS = ['auth', 'common'] as const;
/** Which areas each bundle carries (`{except}`: every folder under src/messages but those). */
const BUNDLES: Record<string, readonly string[] | { except: readonly string[] }> = {
  'sign-in': SIGN_IN_AREAS,
  'console-rest': { except: SIGN_IN_AREAS },
  terminal: ['common', 'terminal'],
};

function compile(file: string, messages: Record<string, string>): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => {
      try {
        return [key, parse(message)];
      } catch (e) {
        throw new Error(`${file}: message "${key}" is not valid ICU: ${(e as Error).message}`);
      }
    }),
  );
}

/** The areas of the console's catalogues: one folder each under src/messages. */
export async function consoleAreas(dir = CONSOLE_MESSAGES): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

export function precompileMessages(): Plugin {
  return {
    name: 'scanline-precompile-messages',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? `\0${id}` : null;
    },
    async load(id) {
      if (id.startsWith(RESOLVED)) {
        const [bundle = '', language = ''] = id.slice(RESOLVED.length).split('/');
        const wanted = BUNDLES[bundle];
        if (!wanted || !/^[a-z]{2}$/.test(language)) throw new Error(`unknown catalogue ${id.slice(1)}`);
        const areas =
          'except' in wanted ? (await consoleAreas()).filter((a) => !wanted.except.includes(a)) : wanted;
        const merged: Record<string, MessageFormatElement[]> = {};
        for (const area of areas) {
          const file = path.join(CONSOLE_MESSAGES, area, `${language}.json`);
          this.addWatchFile(file);
          const messages = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, string>;
          for (const key of Object.keys(messages))
            if (!key.startsWith(`${area}.`))
              throw new Error(`${file}: key "${key}" must start with "${area}."`);
          Object.assign(merged, compile(file, messages));
        }
        return `export default ${JSON.stringify(merged)};`;
      }
      const file = id.split('?')[0] ?? '';
      if (!PAY_CATALOGUE.test(file)) return null;
      const messages = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, string>;
      // Still JSON: Vite's own JSON step turns it into the module.
      return JSON.stringify(compile(file, messages));
    },
  };
}
