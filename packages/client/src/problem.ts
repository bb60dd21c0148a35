import type { components } from './generated/schema.js';

/** An `application/problem+json` answer (RFC 9457) with Scanline's stable `code`. */
export type Problem = components['schemas']['Problem'];

/** Thrown by the client's helpers (`list`) when the server refuses; plain calls return `{ error }` instead. */
export class ScanlineApiError extends Error {
  readonly status: number;
  readonly problem: Partial<Problem>;

  constructor(status: number, problem: Partial<Problem>) {
    super(
      `${status} ${problem.code ?? problem.title ?? 'error'}${problem.detail ? `: ${problem.detail}` : ''}`,
    );
    this.name = 'ScanlineApiError';
    this.status = status;
    this.problem = problem;
  }

  get code(): Problem['code'] | undefined {
    return this.problem.code;
  }
}
