import type { FastifyError } from 'fastify';
import { type ApiError, ERRORS, type ErrorCode, errorMessage } from '../../schemas/errors.ts';
import { ApiProblem, type ProblemDetail } from './ApiProblem.ts';
import { escapePointer } from './escapePointer.ts';

export interface ErrorResponse {
  status: number;
  body: ApiError & Record<string, unknown>;
  /** True when the client did nothing wrong: log the error, it is ours. */
  unexpected: boolean;
}

/** Fastify's own error codes for things a client sent, mapped to our catalogue. */
const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'PSOF0013',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'PSOF0013',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'PSOF0013',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PSOF0014',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'PSOF0015',
  FST_ERR_CTP_INVALID_TYPE: 'PSOF0015',
  FST_ERR_BAD_URL: 'PSOF0013',
  FST_ERR_ASYNC_CONSTRAINT: 'PSOF0013',
  FST_ERR_NOT_FOUND: 'PSOF0011',
  // @fastify/static refuses non-canonical paths ("..", "//"): to the client that is simply no such file.
  FST_STATIC_FORBIDDEN_PATH: 'PSOF0011',
};

const STATUS_CODES: Record<number, ErrorCode> = {
  404: 'PSOF0011',
  405: 'PSOF0017',
  413: 'PSOF0014',
  415: 'PSOF0015',
  429: 'PSOF0016',
};

/**
 * Turns anything thrown during a request into the `{ code, message }` body. Client mistakes become a 4xx
 * with a catalogue code; everything else is a 500 PSOF0001 that reveals nothing of the cause.
 */
export function toApiError(error: unknown, language: string): ErrorResponse {
  if (error instanceof ApiProblem) {
    return respond(error.code, language, false, error.details, error.extra);
  }
  const fastifyError = error as Partial<FastifyError> | undefined;
  if (fastifyError?.validation) {
    const context = fastifyError.validationContext ?? 'body';
    const details = fastifyError.validation.map((issue) => ({
      pointer: validationPointer(context, issue.instancePath, issue.params),
      reason: issue.message ?? 'is invalid',
    }));
    return respond('PSOF0013', language, false, details);
  }
  const mapped = fastifyError?.code ? FRAMEWORK_CODES[fastifyError.code] : undefined;
  if (mapped) return respond(mapped, language, false);
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return respond(STATUS_CODES[status] ?? 'PSOF0013', language, false);
  }
  return respond('PSOF0001', language, true);
}

function respond(
  code: ErrorCode,
  language: string,
  unexpected: boolean,
  details?: ProblemDetail[],
  extra?: Record<string, string>,
): ErrorResponse {
  const body: ErrorResponse['body'] = { ...extra, code, message: errorMessage(code, language) };
  if (details && details.length > 0) body.details = details;
  return { status: ERRORS[code].status, body, unexpected };
}

/**
 * Body errors point into the body (`/Email`), so a form can put the reason next to its field; the other
 * parts of a request are prefixed (`/querystring/page`). A missing or unknown property is named in the
 * pointer rather than pointing at its parent.
 */
function validationPointer(context: string, instancePath: string, params: Record<string, unknown>): string {
  const name = params.missingProperty ?? params.additionalProperty;
  const leaf = typeof name === 'string' ? `/${escapePointer(name)}` : '';
  const prefix = context === 'body' ? '' : `/${context}`;
  // '' is the whole body (RFC 6901).
  return `${prefix}${instancePath}${leaf}`;
}
