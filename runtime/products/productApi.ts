import type {
  AgentSearchResult,
  ProductListQuery,
  Produkt,
  Produktkategorie,
} from '../../schemas/products.ts';
import { apiGet } from '../api/api.ts';
import { type ProductApiBase, productApiUrl } from './productUrls.ts';

/**
 * The product calls of SPEC section 7, relative to the mandant's product API base. Loaded on the first
 * call (productHooks.ts), so that no page pays for them before it shows products.
 */

function get<T>(base: ProductApiBase, path: string, params?: object): Promise<T> {
  return apiGet<T>(path, { baseURL: productApiUrl(base), ...(params ? { params } : {}) });
}

export function fetchCategories(base: ProductApiBase): Promise<Produktkategorie[]> {
  return get(base, '/produktkategorie');
}

/** GET /produkt/?quelle=&kategorie=&tarifId= (products 637–640 never come back). */
export function fetchProducts(base: ProductApiBase, query: ProductListQuery): Promise<Produkt[]> {
  return get(base, '/produkt/', query);
}

export function fetchProduct(base: ProductApiBase, id: number | string): Promise<Produkt> {
  return get(base, `/produkt/${encodeURIComponent(String(id))}`);
}

export function fetchManufacturers(base: ProductApiBase, categoryCode: string): Promise<string[]> {
  return get(base, '/produkt/hersteller', { kategorie: categoryCode });
}

/** GET Produkt/berater?query=&page=&pagesize= */
export function fetchAgents(
  base: ProductApiBase,
  query: string,
  page: number,
  pagesize: number,
): Promise<AgentSearchResult> {
  return get(base, '/produkt/berater', { query, page, pagesize });
}
