// Build-time compression: writes `<file>.br` and `<file>.gz` beside every text file
// of the build that is worth it, so the server sends them as they are (@fastify/static
// `preCompressed`) at the best levels, with no compression work per request.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Same threshold as the server's on-the-fly compression. */
const MIN_BYTES = 1024;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

async function compressFile(file: string) {
  const raw = await fs.readFile(file);
  if (raw.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // Keep a twin only when it is smaller than the original.
  if (br.length < raw.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz);
}

/** Vite plugin: runs once the whole build (public files included) is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'scanline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files: string[] = [];
      for await (const file of walk(outDir)) if (TEXT.test(file)) files.push(file);
      await Promise.all(files.map(compressFile));
    },
  };
}
