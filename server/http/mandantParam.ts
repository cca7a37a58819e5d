import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import type { MandantRegistry } from '../mandants/MandantRegistry.ts';
import { ApiProblem } from './ApiProblem.ts';
import { ref } from './apiSchemas.ts';

export interface MandantParams {
  mandant: string;
}

export const mandantParamsSchema = {
  type: 'object',
  required: ['mandant'],
  properties: { mandant: { type: 'string', description: 'Mandant id (case-insensitive).' } },
} as const;

/** Error answers every mandant-scoped route can give (documented in the OpenAPI document). */
export const errorResponses = { '4xx': ref('ApiError'), '5xx': ref('ApiError') } as const;

/** The mandant a path names, or 404 PSOF0010. */
export function requireMandant(mandants: Pick<MandantRegistry, 'get'>, id: string): LoadedMandant {
  const mandant = mandants.get(id);
  if (!mandant) throw new ApiProblem('PSOF0010');
  return mandant;
}

/** Configuration only changes on restart; a short browser cache saves the runtime a round trip. */
export const CONFIG_CACHE_CONTROL = 'public, max-age=60';
