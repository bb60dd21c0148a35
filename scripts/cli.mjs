// `npm run cli -- …`: the operator commands from the built server, as an installation runs them
// (no TypeScript loader, which `npm ci --omit=dev` does not install). Builds the server first
// when its code changed, saying so on stderr so a command's output stays clean.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfChanged } from './build-if-changed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
try {
  await buildIfChanged((line) => console.error(line), { only: ['server'] });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
await import(pathToFileURL(path.join(root, 'apps/server/dist/cli.js')).href);
