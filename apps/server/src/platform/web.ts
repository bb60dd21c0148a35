import type { FastifyInstance } from 'fastify';

/** Serves /config.json and the built console (SPA fallback). */
export async function webPlugin(_app: FastifyInstance) {}
