import type { FastifyInstance } from 'fastify';
import type { ProductSource } from '../../../schemas/api.ts';
import type { Quelle } from '../../../schemas/products.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import type { ProductCatalogue, ProductKind } from '../../products/ProductCatalogue.ts';
import { productSourceOf } from '../../products/productSource.ts';
import { requireMandant } from '../mandantParam.ts';

export interface ProductContext {
  mandant: LoadedMandant;
  source: ProductSource;
  catalogue: ProductCatalogue;
}

/** The mandant a path names (404 PSOF0010), its product source (PSOF0100) and its catalogue. */
export function productContext(app: FastifyInstance, mandantId: string): ProductContext {
  const mandant = requireMandant(app, mandantId);
  const source = productSourceOf(mandant.config);
  const catalogue = app.productCatalogues.get(mandant.id);
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
