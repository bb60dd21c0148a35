// Writes the two lara blue themes into public/themes as one stylesheet each, so the page can
// switch between them by swapping one <link>. Each is wrapped in `@layer theme` (seed §9: theme
// styles load in layer order theme, base, primereact).
//
// (first paint on a phone): the themes' own font, Inter as a 338 KB variable font
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

/**
 * (WCAG 2.2 AA, 4.5:1): lara-light's medium blue, green, orange and red are 2.3–3.9:1
 * with white text (buttons, tags) or on white (outlined buttons, errors). Each is moved darker on Tailwind's scale — and its hover and active shades with it — in one pass.
 */
const LIGHT_DARKER = {
  '#3b82f6': '#2563eb',
  '#2563eb': '#1d4ed8',
  '#1d4ed8': '#1e40af',
  '#22c55e': '#15803d',
  '#16a34a': '#166534',
  '#15803d': '#14532d',
  '#f97316': '#c2410c',
  '#ea580c': '#9a3412',
  '#c2410c': '#7c2d12',
  '#ef4444': '#dc2626',
  '#dc2626': '#b91c1c',
  '#b91c1c': '#991b1b',
  '#0ea5e9': '#0369a1',
  '#0284c7': '#075985',
  '#0369a1': '#0c4a6e',
  '#e24c4c': '#dc2626',
  '#1ea97c': '#166534',
  '#cc8925': '#92400e',
  '#ff5757': '#b91c1c',
};
export const accessibleLight = (css) =>
  css.replace(/#[0-9a-f]{6}\b/gi, (hex) => LIGHT_DARKER[hex.toLowerCase()] ?? hex);

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
for (const [mode, name] of [
  ['light', 'lara-light-blue'],
  ['dark', 'lara-dark-blue'],
]) {
  const source = fs.readFileSync(path.join(themesRoot, name, 'theme.css'), 'utf8');
  const css = themeCss(source);
  fs.writeFileSync(path.join(out, `${mode}.css`), mode === 'light' ? accessibleLight(css) : css);
}
