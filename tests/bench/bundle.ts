/**
 * npm run bench:bundle — prints the gzipped JavaScript loaded before first paint of each demo mandant's
 * home route (budget 100 KiB, DESIGN.md) and of the whole app. Needs `npm run build` first.
 */
import { launchChromium } from '../support/browser.ts';
import { FIRST_PAINT_BUDGET_BYTES, kib, measureRouteScripts, wholeAppScripts } from '../support/bundle.ts';
import { DIST_DIR, startServer } from '../support/server.ts';

const server = await startServer();
const browser = await launchChromium();
try {
  const mandants = [...server.app.mandants.all().map((m) => m.id)];
  for (const id of mandants) {
    for (const language of ['de', 'en']) {
      const route = await measureRouteScripts(browser, `${server.url(id)}/${language}/`);
      const verdict = route.gzipBytes <= FIRST_PAINT_BUDGET_BYTES ? 'within budget' : 'OVER BUDGET';
      console.log(
        `home ${id}/${language}: ${kib(route.gzipBytes)} gzip before first paint (${verdict}, budget ${kib(FIRST_PAINT_BUDGET_BYTES)})`,
      );
      for (const script of route.scripts)
        console.log(`  ${script.url}  ${kib(script.gzipBytes)} gzip, ${kib(script.bytes)} raw`);
    }
  }
  const all = wholeAppScripts(DIST_DIR);
  const total = all.reduce((sum, s) => sum + s.gzipBytes, 0);
  console.log(`whole app: ${kib(total)} gzip in ${all.length} JavaScript files`);
} finally {
  await browser.close();
  await server.close();
}
