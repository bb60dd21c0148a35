// Copies the two lara blue themes (CSS and fonts) into public/themes so the page can switch
// between them by swapping one <link>, and wraps each in `@layer theme` (seed §9: theme
// styles load in layer order theme, base, primereact).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const themesRoot = path.join(path.dirname(require.resolve('primereact/package.json')), 'resources/themes');
const out = path.join(here, '../public/themes');

for (const [mode, name] of [
  ['light', 'lara-light-blue'],
  ['dark', 'lara-dark-blue'],
]) {
  fs.cpSync(path.join(themesRoot, name), path.join(out, name), { recursive: true });
  fs.writeFileSync(path.join(out, `${mode}.css`), `@import url('./${name}/theme.css') layer(theme);\n`);
}
