import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { setTranslator } from '../lib/i18n/current-locale';
import { createFormatter } from '../lib/i18n/format-message';

/** Tests of code that calls `translate()`: every area's English catalogue, as the app loads it. */
export const loadEnglishCatalogue = () => loadCatalogueForTests('en');

/** The same with another language's catalogue, for a test that reads the screen in it. */
export function loadCatalogueForTests(code: string) {
  const dir = path.dirname(new URL(import.meta.url).pathname);
  const messages: Record<string, string> = {};
  for (const area of fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()))
    Object.assign(messages, JSON.parse(fs.readFileSync(path.join(dir, area.name, `${code}.json`), 'utf8')));
  const format = createFormatter(
    code,
    Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)])),
  );
  setTranslator((id, values) => String(format(id, values)));
}
