// The two theme stylesheets are served from /assets/ under content-hashed names,
// so they are cached as immutable like every other built file. The page learns the names from
// data attributes on the theme link (theme-init.js and appearance.ts swap between them), so
// nothing that loads before the bundle needs to be rebuilt per hash.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

type Mode = 'light' | 'dark';
const MODES: Mode[] = ['light', 'dark'];

export function hashedThemes(publicDir: string): Plugin {
  let urls: Record<Mode, string> = { light: '/themes/light.css', dark: '/themes/dark.css' };
  let sources: Partial<Record<Mode, string>> = {};
  return {
    name: 'scanline-hashed-themes',
    configResolved(config) {
      if (config.command !== 'build') return;
      sources = {};
      for (const mode of MODES) {
        const css = fs.readFileSync(path.join(publicDir, 'themes', `${mode}.css`), 'utf8');
        const hash = createHash('sha256').update(css).digest('hex').slice(0, 10);
        sources[mode] = css;
        urls = { ...urls, [mode]: `/assets/theme-${mode}-${hash}.css` };
      }
    },
    transformIndexHtml(html) {
      return html.replace(
        /<link id="theme-link" rel="stylesheet" href="[^"]*" \/>/,
        `<link id="theme-link" rel="stylesheet" href="${urls.light}" data-light="${urls.light}" data-dark="${urls.dark}" />`,
      );
    },
    generateBundle() {
      for (const mode of MODES) {
        const source = sources[mode];
        if (source) this.emitFile({ type: 'asset', fileName: urls[mode].slice(1), source });
      }
    },
  };
}
