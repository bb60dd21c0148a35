import { type ErrorCode, errorStatus, type Problem } from '@scanline/contracts';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export type FieldError = NonNullable<Problem['errors']>[number];
/** What domain code gives: where (`body.url`), why in words, and optionally a stable code. */
export interface FieldErrorInput {
  path: string;
  message: string;
  code?: string;
  field?: string;
}

const LOCATION = /^(body|query|querystring|params|headers)(\.|$)/;
const normalize = (e: FieldErrorInput): FieldError => ({
  field: e.field ?? e.path.replace(LOCATION, ''),
  code: e.code ?? 'invalid',
  message: e.message,
  path: e.path,
});

/**
 * The one error type of the product: domain code throws it, the error handler presents it. Its
 * HTTP status comes from its code (`errorStatus` in the contracts).
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: FieldErrorInput[],
  ) {
    super(detail);
    this.status = errorStatus[code];
  }

  toProblem(requestId?: string): Problem {
    return {
      type: `https://scanline.dev/errors/${this.code}`,
      title: titles[this.status] ?? 'Error',
      status: this.status,
      detail: this.detail,
      code: this.code,
      ...(requestId ? { request_id: requestId } : {}),
      ...(this.errors?.length ? { errors: this.errors.map(normalize) } : {}),
    };
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found.`);
