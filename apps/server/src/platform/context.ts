import type { Config } from './config';
import type { Database } from './db';

/** What every plugin gets: validated config and the database. Built once in main.ts or a test. */
export interface AppContext {
  config: Config;
  database: Database;
  /** Injectable clock so tests can move time (code expiry, token lifetimes). */
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
