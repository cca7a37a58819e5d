import { agentName, type Praemie } from '../../schemas/products.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import type { ProductCatalogue } from '../products/ProductCatalogue.ts';
import { sourceOf } from '../products/ProductCatalogue.ts';
import { displayName } from '../products/productName.ts';
import { productSourceOf } from '../products/productSource.ts';
import type { RecommendationRow } from './RecommendationRepository.ts';

/** What a recommendation needs to know about the thing recommended, whatever the mandant's product source. */
export interface RecommendableProduct {
  /** The id as the recommendation stores it (produkt_id): a product Id, or an agent's ExterneId. */
  id: string;
  /** festnetz, mobilfunk, generisch or berater (produkt_quelle). */
  quelle: string;
  name: string;
  externeId: string | null;
  praemien: readonly Praemie[];
  /** produktApi 'agent list': the agent recommended. */
  agentNummer: string | null;
}

const PRODUCT_ID = /^[1-9][0-9]{0,9}$/;

/**
 * The product a recommendation names, looked up in the mandant's own catalogue only (so another mandant's
 * product is unknown here): data-driven → a fixed-line product or mobile offer; generic → one of the
 * mandant's generic products; agent list → an agent by ExterneId. Unknown: 404 PSOF0110 (PSOF0111 for an
 * agent); an unusable product source: PSOF0100.
 */
export function findRecommendableProduct(
  mandant: Pick<LoadedMandant, 'config'>,
  catalogue: ProductCatalogue | undefined,
  produkt: string,
): RecommendableProduct {
  const source = productSourceOf(mandant.config);
  if (source === 'agent list') {
    const agent = catalogue?.agent(produkt);
    if (!agent) throw new ApiProblem('PSOF0111');
    return {
      id: agent.ExterneId,
      quelle: 'berater',
      name: agentName(agent),
      externeId: agent.ExterneId,
      praemien: [],
      agentNummer: agent.ExterneId,
    };
  }
  const product = PRODUCT_ID.test(produkt) ? catalogue?.product(Number(produkt)) : undefined;
  const quelle = product ? sourceOf(product) : undefined;
  const fitsSource =
    source === 'generic' ? quelle === 'generisch' : quelle === 'festnetz' || quelle === 'mobilfunk';
  if (!product || !quelle || !fitsSource) throw new ApiProblem('PSOF0110');
  return {
    id: String(product.Id),
    quelle,
    name: displayName(product),
    externeId: product.ExterneId ?? null,
    praemien: product.Praemien,
    agentNummer: null,
  };
}

/** The product name for a stored recommendation, or its id when the product is gone from the data. */
export function productNameOf(
  catalogues: ReadonlyMap<string, ProductCatalogue> | undefined,
  mandant: LoadedMandant,
  row: RecommendationRow,
): string {
  try {
    return findRecommendableProduct(mandant, catalogues?.get(mandant.id), row.produkt_id).name;
  } catch {
    return row.produkt_id;
  }
}
