import type { ProductSource } from '../../schemas/api.ts';
import type { Quelle } from '../../schemas/products.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { requireMandant } from '../http/mandantParam.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import type { MandantRegistry } from '../mandants/MandantRegistry.ts';
import type { ProductCatalogue, ProductKind } from './ProductCatalogue.ts';
import { productSourceOf } from './productSource.ts';

export interface ProductContext {
  mandant: LoadedMandant;
  source: ProductSource;
  catalogue: ProductCatalogue;
}

/** The mandant a path names (404 PSOF0010), its product source (PSOF0100) and its catalogue. */
export function productContext(
  mandants: Pick<MandantRegistry, 'get'>,
  catalogues: ReadonlyMap<string, ProductCatalogue>,
  mandantId: string,
): ProductContext {
  const mandant = requireMandant(mandants, mandantId);
  const source = productSourceOf(mandant.config);
  const catalogue = catalogues.get(mandant.id);
  // Every loaded mandant has a catalogue (an empty one without product files).
  if (!catalogue) throw new Error(`no product catalogue for mandant ${mandant.id}`);
  return { mandant, source, catalogue };
}

/** Product ids are integers: anything else names no product (404 PSOF0110). */
export function productId(id: string): number {
  if (!/^[0-9]{1,9}$/.test(id)) throw new ApiProblem('PSOF0110');
  return Number(id);
}

/** The kinds of product a source offers: its generic products, or the catalogue (one quelle of it). */
export function productKinds(source: ProductSource, quelle?: Quelle): ProductKind[] {
  if (source === 'generic') return ['generisch'];
  return quelle ? [quelle] : ['festnetz', 'mobilfunk'];
}
