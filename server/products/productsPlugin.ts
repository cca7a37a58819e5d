import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';
import { CATEGORY_ROUTE, loadProductCatalogues, missingSourceData } from './loadProductCatalogues.ts';
import type { ProductCatalogue } from './ProductCatalogue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every mandant's products by mandant id, loaded at start and kept in memory. */
    productCatalogues: ReadonlyMap<string, ProductCatalogue>;
  }
}

/**
 * Loads every mandant's product data after the mandants (a broken file stops the start), and makes each
 * category of a data-driven mandant a page: its Pfad becomes an additional route (SPEC 2: Route, RouteName)
 * to the ProductCategory page, so a new category is one entry in kategorien.json and no route file.
 */
export const productsPlugin = globalPlugin('products', async (app) => {
  const catalogues = await loadProductCatalogues(app.mandants.all(), app.config.mandantsDir, {
    goLive: app.config.env.MANDANT_CHECKS === 'go-live',
  });
  for (const mandant of app.mandants.all()) {
    const catalogue = catalogues.get(mandant.id);
    if (!catalogue) continue;
    if (mandant.config.produktApi === 'data-driven') addCategoryRoutes(mandant, catalogue);
    const missing = missingSourceData(mandant.config.produktApi, catalogue);
    // Not fatal: the product calls answer empty lists; validate and MANDANT_CHECKS=go-live refuse it.
    if (missing)
      app.log.warn(
        { mandant: mandant.id, missing },
        `produktApi "${mandant.config.produktApi}" has no ${missing} data`,
      );
  }
  app.decorate('productCatalogues', catalogues);
  app.log.info(
    { mandants: [...catalogues].map(([id, catalogue]) => ({ id, categories: catalogue.categories.length })) },
    'products loaded',
  );
});

/**
 * `additionalRoutes` is the one list that /route/additional, the mandant response and the boot data all
 * hand out, so appending to it reaches all three. Paths already routed keep their route.
 */
function addCategoryRoutes(mandant: LoadedMandant, catalogue: ProductCatalogue): void {
  const taken = new Set(mandant.additionalRoutes.map((entry) => entry.Route.toLowerCase()));
  for (const category of catalogue.categories) {
    const route = `/${category.Pfad}`;
    if (taken.has(route)) continue;
    mandant.additionalRoutes.push({ Route: route, RouteName: CATEGORY_ROUTE });
    taken.add(route);
  }
}
