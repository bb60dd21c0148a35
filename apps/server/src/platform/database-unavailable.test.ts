import { describe, expect, it } from 'vitest';
import { DatabaseBusyError, isDatabaseUnavailable } from './database-unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
// As Drizzle wraps a driver's error: the SQL in the message, the driver's error as the cause.
const drizzle = (cause: unknown) => new Error('Failed query: select 1\nparams: ', { cause });

describe('isDatabaseUnavailable', () => {
  it('is true for a database that is away, however the driver says it', () => {
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('sorry, too many clients already', '53300'),
      withCode('server conn crashed?', '08P01'),
      // A write on the old leader, now a standby, during a failover.
      withCode('cannot execute INSERT in a read-only transaction', '25006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('PGlite is closed'),
      new DatabaseBusyError('busy'),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      expect(isDatabaseUnavailable(drizzle(error)), `wrapped ${error}`).toBe(true);
    }
  });

  it('is false for what a request or our code got wrong', () => {
    for (const error of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('invalid input syntax for type uuid', '22P02'),
      withCode('relation "x" does not exist', '42P01'),
      new TypeError('Cannot read properties of undefined'),
      // A query that merely mentions the words is not an outage.
      new Error("Failed query: select 'Connection terminated'\nparams: "),
      undefined,
      'a string',
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});
