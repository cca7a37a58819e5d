/**
 * npm run bench:bundle — prints the JavaScript on the wire that makes each demo mandant's home route and
 * recipient landing interactive (budget 100 KiB brotli, DESIGN.md), and the whole app's. Each script the
 * browser loaded is requested from the real server again with `Accept-Encoding: br` and `gzip`, and the
 * bodies it sends are counted. Needs `npm run build` first (TEST_DIST_DIR names another build).
 */
import { sourceOf } from '../../server/products/ProductCatalogue.ts';
import { launchChromium } from '../support/browser.ts';
import {
  FIRST_PAINT_BUDGET_BYTES,
  kib,
  measureRouteScripts,
  type RouteBundle,
  wholeAppScripts,
} from '../support/bundle.ts';
import { seedRecommendation } from '../support/seedRecommendation.ts';
import { DIST_DIR, startServer } from '../support/server.ts';

const server = await startServer();
const browser = await launchChromium();

function print(name: string, route: RouteBundle): void {
  const verdict = route.brBytes <= FIRST_PAINT_BUDGET_BYTES ? 'within budget' : 'OVER BUDGET';
  console.log(
    `${name}: ${kib(route.brBytes)} brotli, ${kib(route.gzipBytes)} gzip, ${kib(route.bytes)} raw on the wire until interactive (${verdict}, budget ${kib(FIRST_PAINT_BUDGET_BYTES)} brotli)`,
  );
  for (const script of route.scripts)
    console.log(
      `  ${script.url}  ${kib(script.brBytes)} brotli, ${kib(script.gzipBytes)} gzip, ${kib(script.bytes)} raw`,
    );
}

try {
  const mandants = [...server.app.mandants.all().map((m) => m.id)];
  for (const id of mandants) {
    for (const language of ['de', 'en']) {
      print(`home ${id}/${language}`, await measureRouteScripts(browser, `${server.url(id)}/${language}/`));
    }
    // A recommendation of one of the mandant's own products, as its recipients get them.
    const product = server.app.productCatalogues.get(id)?.listed()[0];
    const seeded = await seedRecommendation(server.app, {
      mandant: id,
      ...(product ? { produktId: String(product.Id), produktQuelle: sourceOf(product) } : {}),
    });
    const landing = `${server.url(id)}/empfehlen/click/${seeded.empfehlungsnummer}?channel=email`;
    print(`recipient landing ${id}`, await measureRouteScripts(browser, landing));
  }
  const all = wholeAppScripts(DIST_DIR);
  const total = (pick: (s: (typeof all)[number]) => number) => all.reduce((sum, s) => sum + pick(s), 0);
  console.log(
    `whole app: ${kib(total((s) => s.brBytes))} brotli, ${kib(total((s) => s.gzipBytes))} gzip, ${kib(total((s) => s.bytes))} raw in ${all.length} JavaScript files`,
  );
} finally {
  await browser.close();
  await server.close();
}
