import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

// Text-like answers only. Server-sent-event streams never: a compressor buffers, so events
// would reach the client late (or only when the stream ends). Already-compressed bytes
// (images, fonts, zip) gain nothing.
const EVENT_STREAM = /^text\/event-stream/i;
const TEXT_LIKE = /^(?:text\/|application\/(?:[\w.-]+\+)?(?:json|xml|javascript)\b|image\/svg\+xml)/i;
export const isCompressibleType = (contentType: string) =>
  !EVENT_STREAM.test(contentType) && TEXT_LIKE.test(contentType);

/**
 * On-the-fly compression of API answers (brotli at a fast level, else gzip) above the
 * threshold. The console's static files are precompressed at build time (apps/web
 * vite.config.ts) and served as such by platform/web.ts; an answer that already has a
 * Content-Encoding is left alone. Request bodies are not decompressed (no zip bombs).
 * Registered before the routes, so every route of every plugin gets it. Each write of a streamed
 * answer is flushed (a CSV export's header line, then each batch of rows): a compressor that
 * waited for a full block would hold the export's first byte back; a one-piece answer is one
 * write anyway.
 */
export async function compression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: { flush: zlib.constants.BROTLI_OPERATION_FLUSH },
    zlibOptions: { flush: zlib.constants.Z_SYNC_FLUSH },
    customTypes: isCompressibleType,
  });
}
