import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found from wherever this code runs: its TypeScript source
 * (`src/platform/`) or the production bundle (`dist/`). Files that ship beside the code
 * (migrations, the built console) are found from here.
 */
function findServerRoot(): string {
  let dir = here;
  for (let i = 0; i < 6; i++) {
    const pkg = path.join(dir, 'package.json');
    if (
      fs.existsSync(pkg) &&
      (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { name?: string }).name === '@scanline/server'
    )
      return dir;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the @scanline/server package folder.');
}

// Set by the server's build (scripts/build-if-changed.mjs): the bundle carries its migrations in
// `dist/migrations` and must start from any folder, with no package.json or sources beside it
// (docs/develop/testing.md#the-bundle).
declare const __SCANLINE_BUNDLE__: boolean | undefined;
const bundled = typeof __SCANLINE_BUNDLE__ !== 'undefined' && __SCANLINE_BUNDLE__;
const here = path.dirname(fileURLToPath(import.meta.url));

export const migrationsFolder = bundled
  ? path.join(here, 'migrations')
  : path.join(findServerRoot(), 'src/db/migrations');
// The built console sits beside the server's package: `apps/web/dist` in a clone and the image.
export const webDist = path.resolve(bundled ? path.join(here, '..') : findServerRoot(), '../web/dist');
