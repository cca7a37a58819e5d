import type { ApiError, ErrorCode } from '../../schemas/errors.ts';

/** A failed API call, normalised to the error catalogue's `{ code, message }` (schemas/errors.ts). */
export class ApiRequestError extends Error implements ApiError {
  readonly code: ErrorCode;
  /** HTTP status, or null when no response arrived. */
  readonly status: number | null;
  readonly details?: ApiError['details'];

  constructor(error: ApiError, status: number | null) {
    super(error.message);
    this.name = 'ApiRequestError';
    this.code = error.code;
    this.status = status;
    if (error.details) this.details = error.details;
  }
}
