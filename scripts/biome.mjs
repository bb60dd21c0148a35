#!/usr/bin/env node
// Runs Biome's native binary for this machine. The registry these machines use carries only
// Biome's Linux builds, so the `@biomejs/biome` wrapper (which lists every platform's build)
// would leave package-lock.json out of step with `npm ci`; the Linux builds are optional
// dependencies instead and this script picks the right one.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const pkg = `@biomejs/cli-${process.platform}-${process.arch}`;
let binary;
try {
  binary = path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'biome');
} catch {
  console.error(`Biome has no build installed for ${process.platform}-${process.arch} (${pkg}).`);
  process.exit(2);
}
const result = spawnSync(binary, process.argv.slice(2), { stdio: 'inherit' });
process.exit(result.status ?? 1);
