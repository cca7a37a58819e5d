import { useMemo } from 'react';
import type {
  AgentSearchResult,
  ProductListQuery,
  Produkt,
  Produktkategorie,
} from '../../schemas/products.ts';
import { useMandant } from '../state/hooks.ts';
import { type ProductQuery, useProductQuery } from './productQuery.ts';
import type { ProductApiBase } from './productUrls.ts';

/** The calls load with the first of them: pages without products never download them. */
const api = () => import('./productApi.ts');

/** The base URL of the mandant's product calls (SPEC 7: relative to the client product API base). */
export function useProductApiBase(): ProductApiBase {
  const { id, apiRoute } = useMandant();
  return useMemo(() => ({ mandantId: id, apiRoute: apiRoute ?? '' }), [id, apiRoute]);
}

/** Stable key of a query: the same question in another property order is the same call. */
function queryKey(base: ProductApiBase, name: string, parameters: object = {}): string {
  const defined = Object.entries(parameters).filter(([, value]) => value !== undefined);
  return `${base.apiRoute || base.mandantId}:${name}:${JSON.stringify(defined.sort(([a], [b]) => a.localeCompare(b)))}`;
}

/** GET /produktkategorie — every category page of the mandant. */
export function useProductCategories(): ProductQuery<Produktkategorie[]> {
  const base = useProductApiBase();
  return useProductQuery(queryKey(base, 'categories'), async () => (await api()).fetchCategories(base));
}

/** GET /produkt/?quelle=&kategorie=&tarifId=… */
export function useProducts(query: ProductListQuery): ProductQuery<Produkt[]> {
  const base = useProductApiBase();
  return useProductQuery(queryKey(base, 'products', query), async () =>
    (await api()).fetchProducts(base, query),
  );
}

/** Several products by id (a category's preselected main and TV product), in the order given. */
export function useProductsById(ids: readonly number[]): ProductQuery<Produkt[]> {
  const base = useProductApiBase();
  return useProductQuery(queryKey(base, 'byId', { ids }), async () => {
    const { fetchProduct } = await api();
    return Promise.all(ids.map((id) => fetchProduct(base, id)));
  });
}

/** The manufacturers of one kind of device, for the manufacturer filter. */
export function useManufacturers(categoryCode: string): ProductQuery<string[]> {
  const base = useProductApiBase();
  return useProductQuery(queryKey(base, 'manufacturers', { kategorie: categoryCode }), async () =>
    (await api()).fetchManufacturers(base, categoryCode),
  );
}

/** One page of the agent search (SPEC 7: Produkt/berater). */
export function useAgentSearch(
  query: string,
  page: number,
  pageSize: number,
): ProductQuery<AgentSearchResult> {
  const base = useProductApiBase();
  return useProductQuery(queryKey(base, 'agents', { query, page, pageSize }), async () =>
    (await api()).fetchAgents(base, query, page, pageSize),
  );
}
