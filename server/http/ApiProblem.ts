import { ERRORS, type ErrorCode } from '../../schemas/errors.ts';

export interface ProblemDetail {
  pointer: string;
  reason: string;
}

/**
 * An error the client should see as `{ code, message }` with the catalogue's status. Route handlers throw
 * it; the error handler picks the message in the request's language.
 */
export class ApiProblem extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly details?: ProblemDetail[],
    /** Extra fields for the body (e.g. a hint for operators); never personal data. */
    readonly extra?: Record<string, string>,
  ) {
    super(code);
    this.name = 'ApiProblem';
    this.statusCode = ERRORS[code].status;
  }
}
