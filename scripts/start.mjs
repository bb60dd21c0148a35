// `npm start`: builds what changed (console and server, quietly), then runs the built server.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfChanged } from './build-if-changed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
try {
  await buildIfChanged();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
