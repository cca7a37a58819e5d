import type { MandantConfig, ProductSource } from '../../schemas/api.ts';
import { ApiProblem } from '../http/ApiProblem.ts';

const SOURCES: readonly ProductSource[] = ['data-driven', 'agent list', 'generic'];

/**
 * The mandant's product source (SPEC 1: data-driven, agent list or generic). Any other value is SPEC 8's
 * 'Keine/Unbekannte Produkt-API in Mandantenkonfiguration definiert' (PSOF0100). The mandant schema
 * already refuses other values at start; this guards a configuration that reached the server another way.
 */
export function productSourceOf(config: Pick<MandantConfig, 'produktApi'>): ProductSource {
  const source = config.produktApi as unknown;
  if (typeof source === 'string' && (SOURCES as readonly string[]).includes(source)) {
    return source as ProductSource;
  }
  throw new ApiProblem('PSOF0100');
}

/** The call exists only for some sources (e.g. the agent list for 'agent list'): 404 PSOF0112 otherwise. */
export function requireSource(source: ProductSource, ...allowed: ProductSource[]): void {
  if (!allowed.includes(source)) throw new ApiProblem('PSOF0112');
}
