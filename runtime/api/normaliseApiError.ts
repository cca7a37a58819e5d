import { type ApiError, type ErrorCode, errorMessage, isErrorCode } from '../../schemas/errors.ts';
import { ApiRequestError } from './ApiRequestError.ts';

/** The parts of an axios error we read; structural so this stays a pure, axios-free function. */
interface HttpErrorLike {
  isAxiosError?: boolean;
  request?: unknown;
  response?: { status?: number; data?: unknown };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function detailsOf(data: Record<string, unknown>): ApiError['details'] {
  const details = data.details;
  if (!Array.isArray(details)) return undefined;
  return details.filter(
    (entry): entry is { pointer: string; reason: string } =>
      isObject(entry) && typeof entry.pointer === 'string' && typeof entry.reason === 'string',
  );
}

function fromCatalogue(code: ErrorCode, language: string, status: number | null): ApiRequestError {
  return new ApiRequestError({ code, message: errorMessage(code, language) }, status);
}

/**
 * Maps anything a call can throw to `{ code, message }`:
 * - a response carrying a known code keeps it (and the server's message when it sent one);
 * - a request that got no response (offline, timeout, aborted) is the network error PSOF0002;
 * - everything else is the default technical error PSOF0001.
 */
export function normaliseApiError(error: unknown, language: string): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  const http: HttpErrorLike = isObject(error) ? error : {};
  if (http.response) {
    const status = typeof http.response.status === 'number' ? http.response.status : null;
    const data = http.response.data;
    if (isObject(data) && isErrorCode(data.code)) {
      const message =
        typeof data.message === 'string' && data.message !== ''
          ? data.message
          : errorMessage(data.code, language);
      const details = detailsOf(data);
      return new ApiRequestError({ code: data.code, message, ...(details ? { details } : {}) }, status);
    }
    return fromCatalogue('PSOF0001', language, status);
  }
  if (http.isAxiosError && http.request !== undefined) return fromCatalogue('PSOF0002', language, null);
  return fromCatalogue('PSOF0001', language, null);
}
