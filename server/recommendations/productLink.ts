import type { LoadedMandant } from '../mandants/LoadedMandant.ts';

export interface ProductLinkTarget {
  empfehlungsnummer: string;
  produktId: string;
  empfaengernummer?: string | null;
  channel?: string | null;
}

/**
 * Where the friend orders the recommended product (SPEC 7: GET /empfehlung/{nr}/produkt/produktlink): the
 * client's own site (`MandantUrl`), else this programme's origin, with the recommendation number, the
 * recipient number, the channel and the product as query, so that the order is credited to the right
 * recommendation.
 */
export function productLink(mandantUrl: string, origin: string, target: ProductLinkTarget): string {
  const url = new URL(mandantUrl || `${origin}/`);
  url.searchParams.set('empfehlungsnummer', target.empfehlungsnummer);
  if (target.empfaengernummer) url.searchParams.set('empfaengernummer', target.empfaengernummer);
  if (target.channel) url.searchParams.set('channel', target.channel);
  url.searchParams.set('produkt', target.produktId);
  return url.toString();
}

/**
 * The site where the friend orders: the demo shop stand-in's page for the mandant when one runs
 * (`DEMO_SHOP_URL`, server/shop/), else the client's own site (`MandantUrl`, empty when it has none).
 */
export function orderSite(
  mandant: Pick<LoadedMandant, 'id' | 'config'>,
  shopUrl: string | undefined,
): string {
  return shopUrl ? `${shopUrl}/${encodeURIComponent(mandant.id)}/` : mandant.config.MandantUrl;
}
