/**
 * npm run bench:lighthouse — Lighthouse 12.8 mobile (default simulated throttling) on home, a category page,
 * the recommend page and the recipient landing of every demo mandant, against the real server over the
 * built runtime (`npm run build`, or TEST_DIST_DIR=…). Prints one row per mandant × page with the figures
 * and "goal met" or what was missed (GOALS in tests/support/lighthouseGoals.ts), then a summary line.
 *
 *   LH_MANDANTS=telko,stadtwerk   mandants to measure (default: every demo mandant)
 *   LH_PAGES=home,recipient       pages to measure (home, category, recommend, recipient; default all)
 *   LH_RUNS=3                     runs per page, the figures are their median (default 1)
 *   LH_REPORT_DIR=/tmp/lh         where the JSON reports go (default /tmp/lh)
 */
import { kib } from '../support/bundle.ts';
import { measurePage, type PageKind, plannedPages } from '../support/lighthouse.ts';
import { GOALS, missedThresholds, seconds } from '../support/lighthouseGoals.ts';
import { DIST_DIR, startServer } from '../support/server.ts';

const list = (value: string | undefined): string[] | undefined =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const runs = Number(process.env.LH_RUNS ?? '1');
if (!Number.isInteger(runs) || runs < 1) throw new Error(`LH_RUNS must be a whole number ≥ 1, not ${runs}`);
const reportDir = process.env.LH_REPORT_DIR ?? '/tmp/lh';
const mandants = list(process.env.LH_MANDANTS);
const kinds = list(process.env.LH_PAGES) as PageKind[] | undefined;

const started = Date.now();
const rows: string[][] = [];
let met = 0;
let notMeasured = 0;
let planned = 0;
const server = await startServer();
try {
  const pages = plannedPages(server, { ...(mandants ? { mandants } : {}), ...(kinds ? { kinds } : {}) });
  planned = pages.length;
  console.error(
    `${pages.length} pages, ${runs} run(s) each, built runtime ${DIST_DIR}, reports in ${reportDir}`,
  );
  for (const page of pages) {
    const label = `${page.mandant} ${page.kind}`;
    try {
      const measured = await measurePage(server, page, { runs, reportDir });
      const figures = measured.figures;
      const missed = missedThresholds(figures, GOALS);
      if (missed.length === 0) met++;
      rows.push([
        page.mandant,
        page.kind,
        new URL(measured.url).pathname,
        measured.visitor === 'guest' ? 'guest' : 'logged in',
        String(figures.performance),
        String(figures.accessibility),
        seconds(figures.lcpMs),
        figures.cls.toFixed(3),
        `${Math.round(figures.tbtMs)} ms`,
        seconds(figures.fcpMs),
        kib(figures.jsTransferBytes),
        missed.length === 0 ? 'goal met' : `missed (${missed.join('; ')})`,
      ]);
      console.error(`${label}: done (${measured.reports.join(', ')})`);
      for (const warning of measured.warnings) console.error(`  Lighthouse warns: ${warning}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      notMeasured++;
      rows.push([page.mandant, page.kind, '', '', '', '', '', '', '', '', '', `not measured: ${message}`]);
      process.exitCode = 1;
    }
  }
} finally {
  await server.close();
}

const header = [
  'mandant',
  'page',
  'path',
  'visitor',
  'perf',
  'a11y',
  'LCP',
  'CLS',
  'TBT',
  'FCP',
  'JS',
  'verdict',
];
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
);
const line = (cells: string[]) =>
  `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
console.log(line(header));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(line(row));
console.log(
  `\n${met} of ${planned} pages meet every goal (performance ≥ ${GOALS.performance}, accessibility ${GOALS.accessibility}, ` +
    `CLS ≤ ${GOALS.cls}, LCP ≤ ${seconds(GOALS.lcpMs)}; Lighthouse mobile, median of ${runs} run(s)); ` +
    `${planned - met - notMeasured} missed, ${notMeasured} not measured; took ${seconds(Date.now() - started)}.`,
);
