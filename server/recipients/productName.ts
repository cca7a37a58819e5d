import type { Produkt } from '../../schemas/products.ts';
import type { ProductCatalogue } from '../products/ProductCatalogue.ts';

/**
 * The name a recipient sees for the recommended product: the catalogue's display name, looked up by id
 * (or by external id, for products from an external source). Null when the catalogue no longer has it.
 */
export function productName(catalogue: ProductCatalogue, produktId: string): string | null {
  const product = /^[0-9]+$/.test(produktId)
    ? catalogue.product(Number(produktId))
    : catalogue.byExterneId(produktId);
  return product ? displayName(product) : null;
}

function displayName(product: Produkt): string {
  if ('TarifHandyAnzeigeName' in product) return product.TarifHandyAnzeigeName;
  return product.AnzeigeName;
}
