import { AppError } from './errors';

/**
 * Seconds a client is told to wait (`Retry-After`) while the database is away or the process is
 * shutting down: the pool reconnects on the next statement after the database returns, so a
 * retry this much later normally succeeds.
 */
export const RETRY_AFTER_SECONDS = 2;

/** Thrown when PGlite stays busy past its limit: the request is refused rather than queued on. */
export class DatabaseBusyError extends Error {
  override name = 'DatabaseBusyError';
  readonly code = 'SCANLINE_DB_BUSY';
}

// Socket errors from connecting to or talking with PostgreSQL (or PgBouncer in front of it).
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
  'SCANLINE_DB_BUSY',
]);
// SQLSTATEs of a server that is going away or not there yet: admin_shutdown, crash_shutdown,
// cannot_connect_now (starting up, shutting down, in recovery), too_many_connections, and
// PgBouncer's "server conn crashed" (08P01 is class 08: connection exception). Also
// read_only_sql_transaction: a write that reached a standby — during a failover, the old leader
// demoted or a connection made before the proxy saw the new one — is refused before anything
// is written, and the retry lands on the new leader.
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);
// node-postgres and PGlite say these in words only.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed|Connection is closed|the database system is (?:starting up|shutting down|in recovery)/i;

/**
 * Whether an error means "the database cannot be reached right now" rather than "this request
 * is wrong" or "our code is wrong": those answer `503 database_unavailable`, never a 500.
 * Looks through Drizzle's wrapper (`DrizzleQueryError.cause`) and any other `cause` chain.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (e instanceof DatabaseBusyError) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
        return true;
    }
    const message = (e as { message?: unknown }).message;
    // A Drizzle wrapper's message quotes the SQL: only its own first line is the driver's text.
    if (
      typeof message === 'string' &&
      !message.startsWith('Failed query:') &&
      UNAVAILABLE_MESSAGES.test(message)
    ) {
      return true;
    }
    const errors = (e as { errors?: unknown }).errors;
    // AggregateError from a dual-stack connect (::1 and 127.0.0.1 both refused).
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const databaseUnavailable = () =>
  new AppError('database_unavailable', 'The database cannot be reached right now; retry shortly.');

export const shuttingDown = () =>
  new AppError('shutting_down', 'This server is shutting down; retry and another one will answer.');
