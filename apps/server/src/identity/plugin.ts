import type { FastifyInstance } from 'fastify';

/** The Identity Toolkit–compatible service, mounted at the root of the origin (firebase emulator layout). */
export async function identityPlugin(_app: FastifyInstance) {}
