import fs from 'node:fs';
import path from 'node:path';
import { createIntl } from 'react-intl';
import { setTranslator } from '../lib/i18n/current-locale';

/** Tests of code that calls `translate()`: every area's English catalogue, as the app loads it. */
export function loadEnglishCatalogue() {
  const dir = path.dirname(new URL(import.meta.url).pathname);
  const messages: Record<string, string> = {};
  for (const area of fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()))
    Object.assign(messages, JSON.parse(fs.readFileSync(path.join(dir, area.name, 'en.json'), 'utf8')));
  const intl = createIntl({ locale: 'en', messages });
  setTranslator((id, values) => intl.formatMessage({ id }, values));
}
