import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { TOKEN_COOKIE_NAME } from '../../schemas/constants.ts';
import { FORCED_LOGIN_EXCEPTIONS, type RouteName } from '../../schemas/routes.ts';
import { fillPath } from '../../server/clicks/clickLocation.ts';
import type { LoadedMandant } from '../../server/mandants/LoadedMandant.ts';
import { CATEGORY_ROUTE } from '../../server/products/loadProductCatalogues.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.ts';
import { type LighthouseFigures, medianFigures } from './lighthouseGoals.ts';
import { mandantIds } from './mandants.ts';
import { seedRecommendation } from './seedRecommendation.ts';
import type { RunningServer } from './server.ts';

/**
 * Lighthouse 12.8 (mobile, default simulated throttling) on the real server over the built runtime, the
 * way a phone meets the demo mandants: one Chromium per run, launched by Lighthouse's own chrome-launcher
 * with STACK.md's flags; pages one after another. Used by `npm run bench:lighthouse`
 * (tests/bench/lighthouse.ts) and the test gate (tests/browser/lighthouse.test.ts).
 */

/** The pages of issue 12's goals, in the order they are measured. */
export const PAGE_KINDS = ['home', 'category', 'recommend', 'recipient'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

const LANGUAGE = 'de';

/** The category and the product a mandant's pages are measured with. */
export interface MeasuredPages {
  /** The category route's path without "/", or null for a product source without categories. */
  category: string | null;
  product: string;
}

/**
 * Which category and which product a mandant is measured with, from its own data, so that a mandant added
 * by onboarding is measured without a test edit (issue 18): a data-driven source's first category (by
 * Position) and that category's first product; a generic source's first product; an agent list's first
 * adviser (the order the home page lists them in). The demos: telko internet / NetzPlus Internet S (601),
 * versicherung Privathaftpflicht (101), stadtwerk its first adviser (SWL-1001). The recipient landing is a
 * recommendation of the same product.
 */
export function measuredPages(server: RunningServer, id: string): MeasuredPages {
  const catalogue = server.app.productCatalogues.get(id);
  if (!catalogue) throw new Error(`mandant ${id} has no product catalogue`);
  const [category] = catalogue.categories;
  const product = category
    ? catalogue.list({ quelle: category.Quelle, kategorie: category.Kategorie })[0]?.Id
    : (catalogue.generic[0]?.Id ?? catalogue.agents[0]?.ExterneId);
  if (product === undefined) throw new Error(`mandant ${id} has nothing to recommend`);
  return { category: category ? category.Pfad : null, product: String(product) };
}

export interface PlannedPage {
  mandant: string;
  kind: PageKind;
}

/** Every mandant folder × page there is (a mandant without categories has no category page), filtered. */
export function plannedPages(
  server: RunningServer,
  options: { mandants?: readonly string[]; kinds?: readonly PageKind[] } = {},
): PlannedPage[] {
  const known = mandantIds();
  const mandants = options.mandants ?? known;
  const kinds = options.kinds ?? PAGE_KINDS;
  for (const mandant of mandants)
    if (!known.includes(mandant)) throw new Error(`"${mandant}" is no mandant (known: ${known.join(', ')})`);
  for (const kind of kinds)
    if (!PAGE_KINDS.includes(kind))
      throw new Error(`unknown page "${kind}" (known: ${PAGE_KINDS.join(', ')})`);
  return mandants.flatMap((mandant) => {
    const { category } = measuredPages(server, mandant);
    return kinds.filter((kind) => kind !== 'category' || category).map((kind) => ({ mandant, kind }));
  });
}

const ROUTE_OF: Record<PageKind, RouteName | typeof CATEGORY_ROUTE> = {
  home: 'Homepage',
  category: CATEGORY_ROUTE,
  recommend: 'Recommendation',
  recipient: 'RecipientData',
};

function requireMandant(server: RunningServer, id: string): LoadedMandant {
  const mandant = server.app.mandants.get(id);
  if (!mandant) throw new Error(`mandant ${id} is not loaded`);
  return mandant;
}

/** Who looks at a page: a guest, or on a forced-login mandant its first demo recommender (SPEC 2). */
export function visitorOf(
  server: RunningServer,
  page: PlannedPage,
): { email: string; password: string } | null {
  const mandant = requireMandant(server, page.mandant);
  const route = ROUTE_OF[page.kind];
  const open =
    !mandant.config.ModuleErzwingeLogin ||
    (route !== CATEGORY_ROUTE && FORCED_LOGIN_EXCEPTIONS.includes(route));
  if (open) return null;
  const account = server.app.demoAccounts.get(page.mandant)?.recommenders[0];
  if (!account) throw new Error(`${page.mandant} forces login but has no demo recommender to log in with`);
  return { email: account.email, password: account.password };
}

/**
 * The URL a visitor opens. The recipient landing is where the click redirect of a fresh recommendation
 * (seeded as POST /Empfehlen/create would leave it) sends the friend: the page itself, with its link hex.
 */
export async function pageUrl(server: RunningServer, page: PlannedPage): Promise<string> {
  const mandant = requireMandant(server, page.mandant);
  const pages = measuredPages(server, page.mandant);
  const base = server.url(page.mandant);
  const routes = mandant.config.routes;
  const localised = (routePath: string) => `${base}/${LANGUAGE}${routePath}`;
  switch (page.kind) {
    case 'home':
      return localised(routes.Homepage ?? '/');
    case 'category':
      if (!pages.category) throw new Error(`${page.mandant} has no category page`);
      return localised(`/${pages.category}`);
    case 'recommend':
      return localised(
        fillPath(routes.Recommendation ?? '/empfehlen/:productId', { productId: pages.product }),
      );
    case 'recipient': {
      const seeded = await seedRecommendation(server.app, {
        mandant: page.mandant,
        produktId: pages.product,
      });
      // Through the app itself: Node's resolver, unlike Chromium's, does not know NAME.localhost.
      const click = await server.app.inject({
        url: `/empfehlen/click/${seeded.empfehlungsnummer}?channel=email`,
        headers: { host: new URL(base).host, 'accept-language': LANGUAGE },
      });
      const location = click.headers.location;
      if (click.statusCode !== 302 || typeof location !== 'string')
        throw new Error(`the click redirect answered ${click.statusCode} without a location`);
      return new URL(location, base).href;
    }
  }
}

/** Logs in through the API as the login form does; the token goes into the cookie the runtime reads. */
export async function logIn(
  server: RunningServer,
  mandant: string,
  account: { email: string; password: string },
) {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/v1/${mandant}/account/login`,
    payload: { Email: account.email, Password: account.password },
  });
  if (response.statusCode !== 200)
    throw new Error(`login of ${account.email} on ${mandant} answered ${response.statusCode}`);
  const { Token } = response.json<{ Token: string }>();
  return Token;
}

/** Puts the login token cookie into the fresh Chromium before Lighthouse opens the page. */
async function setTokenCookie(port: number, url: string, token: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    await context.addCookies([
      {
        name: TOKEN_COOKIE_NAME,
        value: encodeURIComponent(token),
        url: new URL(url).origin,
        sameSite: 'Lax',
      },
    ]);
  } finally {
    // Connected over CDP, close() only disconnects; the browser stays for Lighthouse.
    await browser.close();
  }
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

/** The figures of one report; throws when Lighthouse could not score the page. */
export function figuresOf(lhr: LighthouseResult['lhr']): LighthouseFigures {
  const score = (id: 'performance' | 'accessibility') => {
    const value = lhr.categories[id]?.score;
    if (typeof value !== 'number')
      throw new Error(
        `Lighthouse gave no ${id} score: ${lhr.runtimeError?.message ?? lhr.runWarnings.join('; ')}`,
      );
    return Math.round(value * 100);
  };
  const numeric = (id: string) => {
    const audit = lhr.audits[id];
    if (typeof audit?.numericValue !== 'number')
      throw new Error(`Lighthouse audit ${id} has no value: ${audit?.errorMessage ?? 'missing'}`);
    return audit.numericValue;
  };
  const requests = lhr.audits['network-requests']?.details;
  if (requests?.type !== 'table') throw new Error('Lighthouse reported no network requests');
  const jsTransferBytes = requests.items
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (typeof item.transferSize === 'number' ? item.transferSize : 0), 0);
  const failingAccessibilityAudits = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit) =>
        audit !== undefined &&
        (audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric') &&
        audit.score !== null &&
        audit.score < 1,
    )
    .map((audit) => audit?.id ?? '')
    .sort();
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    jsTransferBytes,
    failingAccessibilityAudits,
  };
}

/** One Lighthouse run in a Chromium of its own (cold cache, empty profile but for the login cookie). */
async function runLighthouse(url: string, token: string | null): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'silent',
  });
  try {
    if (token) await setTokenCookie(chrome.port, url, token);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
    // A page that sends the visitor elsewhere (login, pre-page, 404) is not the page asked for.
    const finalPath = new URL(result.lhr.finalDisplayedUrl).pathname;
    if (finalPath !== new URL(url).pathname)
      throw new Error(`${url} ended at ${finalPath}: not the page to measure`);
    return result;
  } finally {
    chrome.kill();
  }
}

export interface MeasuredPage extends PlannedPage {
  url: string;
  /** `guest`, or the demo account's e-mail the page was seen as. */
  visitor: string;
  runs: LighthouseFigures[];
  /** The median over the runs (the one run's figures for one run). */
  figures: LighthouseFigures;
  /** Lighthouse's warnings of the runs (e.g. a slow host), without repeats. */
  warnings: string[];
  /** The JSON reports written, one per run. */
  reports: string[];
}

export interface MeasureOptions {
  /** Lighthouse runs of the page; the figures are their median. Default 1. */
  runs?: number;
  /** Where the JSON reports go (`MANDANT-PAGE-RUN.json`); none written when absent. */
  reportDir?: string;
}

/** Measures one page `runs` times, one Chromium after another, on the running server. */
export async function measurePage(
  server: RunningServer,
  page: PlannedPage,
  options: MeasureOptions = {},
): Promise<MeasuredPage> {
  const account = visitorOf(server, page);
  const token = account ? await logIn(server, page.mandant, account) : null;
  const runs: LighthouseFigures[] = [];
  const warnings = new Set<string>();
  const reports: string[] = [];
  let url = '';
  for (let run = 1; run <= (options.runs ?? 1); run++) {
    url = await pageUrl(server, page);
    const result = await runLighthouse(url, token);
    runs.push(figuresOf(result.lhr));
    for (const warning of result.lhr.runWarnings) warnings.add(warning);
    if (options.reportDir) {
      await mkdir(options.reportDir, { recursive: true });
      const file = path.join(options.reportDir, `${page.mandant}-${page.kind}-${run}.json`);
      await writeFile(file, typeof result.report === 'string' ? result.report : result.report.join('\n'));
      reports.push(file);
    }
  }
  return {
    ...page,
    url,
    visitor: account ? account.email : 'guest',
    runs,
    figures: medianFigures(runs),
    warnings: [...warnings],
    reports,
  };
}
