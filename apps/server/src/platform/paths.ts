import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found from wherever this code runs: its TypeScript source
 * (`src/platform/`) or the production bundle (`dist/`). Files that ship beside the code
 * (migrations, the built console) are found from here.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
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

export const serverRoot = findServerRoot();
export const migrationsFolder = path.join(serverRoot, 'src/db/migrations');
export const webDist = path.resolve(serverRoot, '../web/dist');
