import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '../../schemas/constants.ts';

/** The language for server messages: SPEC section 7 sends `X-Accept-Language` on every call, default de. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['x-accept-language'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() ?? '';
  return value.startsWith('en') ? 'en' : DEFAULT_LANGUAGE;
}
