import type { Produkt } from '../../schemas/products.ts';
import type { ProductCatalogue } from './ProductCatalogue.ts';

/**
 * A stored recommendation, order or reward names its product by Id (digits) or by ExterneId (products of an
 * external source), of any kind of the mandant's data.
 */
export function findProduct(catalogue: ProductCatalogue | undefined, produktId: string): Produkt | undefined {
  return /^[0-9]+$/.test(produktId)
    ? catalogue?.product(Number(produktId))
    : catalogue?.byExterneId(produktId);
}

/** The name people know a product by: a device tariff's combined name, else the display name. */
export function displayName(product: Produkt): string {
  return 'TarifHandyAnzeigeName' in product ? product.TarifHandyAnzeigeName : product.AnzeigeName;
}

/** The display name of a stored product id; null when the catalogue no longer has the product. */
export function productName(catalogue: ProductCatalogue | undefined, produktId: string): string | null {
  const product = findProduct(catalogue, produktId);
  return product ? displayName(product) : null;
}
