import { API_ROOT } from '../api/apiRoot.ts';

/**
 * Where the mandant's product calls go (SPEC 7: relative to the client product API base): its `apiRoute`
 * when set, this server's `/api/v1/{mandant}` otherwise.
 */
export interface ProductApiBase {
  mandantId: string;
  /** MandantConfig.apiRoute; empty: this server. */
  apiRoute: string;
}

export function productApiUrl(base: ProductApiBase): string {
  return base.apiRoute.replace(/\/+$/, '') || `${API_ROOT}/${encodeURIComponent(base.mandantId)}`;
}

/** Image URLs for <img>: /produkt/{id}/grafik|sgrafik (agent photos too), /produktkategorie/{id}/grafik|icon. */
export function productImageUrl(
  base: ProductApiBase,
  id: number | string,
  kind: 'grafik' | 'sgrafik',
): string {
  return `${productApiUrl(base)}/produkt/${encodeURIComponent(String(id))}/${kind}`;
}

export function categoryImageUrl(base: ProductApiBase, id: number, kind: 'grafik' | 'icon'): string {
  return `${productApiUrl(base)}/produktkategorie/${id}/${kind}`;
}
