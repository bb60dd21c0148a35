// Writes the two lara blue themes into public/themes as one stylesheet each, so the page can
// switch between them by swapping one <link>. Each is wrapped in `@layer theme` (seed §9: theme
// styles load in layer order theme, base, primereact).
//
// Issue 10 (first paint on a phone): the themes' own font, Inter as a 338 KB variable font
// (plus 372 KB italic), is dropped for the system font stack — no font download before or
// after the first paint, no layout shift when it arrives — and the stylesheet is one file
// (no @import, which would be a second blocking round trip).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const themesRoot = path.join(path.dirname(require.resolve('primereact/package.json')), 'resources/themes');
const out = path.join(here, '../public/themes');

export const SYSTEM_FONTS =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';

export function themeCss(source) {
  const css = source
    .replace(/@font-face\s*{[^}]*}\s*/g, '')
    .replace(/"Inter var",\s*sans-serif/g, SYSTEM_FONTS)
    .replace(/"Inter var"/g, SYSTEM_FONTS)
    // Inter's character variants mean nothing to other fonts.
    .replace(
      /(--)?font-feature-settings:\s*"cv02",\s*"cv03",\s*"cv04",\s*"cv11";/g,
      '$1font-feature-settings: normal;',
    );
  if (/url\(/.test(css.replace(/url\(["']?data:[^)]*\)/g, ''))) {
    throw new Error('a theme refers to a file this script does not copy');
  }
  return `@layer theme {\n${css}\n}\n`;
}

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
for (const [mode, name] of [
  ['light', 'lara-light-blue'],
  ['dark', 'lara-dark-blue'],
]) {
  const source = fs.readFileSync(path.join(themesRoot, name, 'theme.css'), 'utf8');
  fs.writeFileSync(path.join(out, `${mode}.css`), themeCss(source));
}
