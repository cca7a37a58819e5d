import productsSchema from '../products.schema.json' with { type: 'json' };

/** A category's Pfad, as products.schema.json defines it (e.g. 'internet/hybrid', 'smartphones.html'). */
export const categoryPath = {
  type: 'string',
  pattern: productsSchema.definitions.produktkategorie.properties.Pfad.pattern,
  description: "a product category's Pfad (products/kategorien.json)",
} as const;

/**
 * A product category page (SPEC 2): title, breadcrumb, subtitle, the card deck of the category's products
 * (manufacturer filter for devices) and the select button. The category comes from kategorien.json.
 */
export const productCategoryPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    category: {
      ...categoryPath,
      description:
        "Pfad of the category to show. Default: the page's own path — every category is a route to this page.",
    },
  },
} as const;
