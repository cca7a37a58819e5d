import type { FastifyRequest } from 'fastify';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';

/**
 * The language of content for a request: SPEC 7 sends X-Accept-Language on every call; a language the
 * mandant does not offer (or none) means the mandant's default.
 */
export function contentLanguage(request: FastifyRequest, mandant: LoadedMandant): string {
  const header = request.headers['x-accept-language'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim().slice(0, 2).toLowerCase() ?? '';
  const { Sprache, Standard } = mandant.config.SupportedLanguage;
  return Sprache.includes(value) ? value : Standard;
}
