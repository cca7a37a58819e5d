import { access, copyFile, cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyFixture, VALID_MANDANTS } from './helpers.ts';

const REPO_MANDANTS = path.resolve(import.meta.dirname, '../../mandants');
const REPO_BASE = path.join(REPO_MANDANTS, '_base');

/** The routes the account mails link to, with the real _base's paths and pages. */
const ACCOUNT_ROUTES = [
  'Login',
  'Dashboard',
  'Registration',
  'CompleteRegistration',
  'SetPassword',
  'ForgotPassword',
  'ChangePassword',
] as const;

type Json = Record<string, unknown>;

async function readJson(file: string): Promise<Json> {
  return JSON.parse(await readFile(file, 'utf8')) as Json;
}

async function writeJson(file: string, value: unknown): Promise<void> {
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * A scratch copy of the valid server fixtures (alpha: default, host empfehlen.alpha.example, a logo; beta;
 * gamma with a hostile name) whose _base also has the account routes, pages and page titles of the real
 * `mandants/_base` — what the account mails link to — without depending on the demo mandants' content.
 */
export async function accountTestMandants(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const copy = await copyFixture(VALID_MANDANTS);
  const base = path.join(copy.dir, '_base');
  const realConfig = await readJson(path.join(REPO_BASE, 'mandant.json'));
  const config = await readJson(path.join(base, 'mandant.json'));
  const realRoutes = realConfig.routes as Record<string, string>;
  config.routes = {
    ...(config.routes as Json),
    ...Object.fromEntries(ACCOUNT_ROUTES.map((route) => [route, realRoutes[route]])),
  };
  await writeJson(path.join(base, 'mandant.json'), config);
  for (const route of ACCOUNT_ROUTES) {
    await copyFile(path.join(REPO_BASE, 'pages', `${route}.json`), path.join(base, 'pages', `${route}.json`));
  }
  for (const language of ['de', 'en']) {
    const real = await readJson(path.join(REPO_BASE, 'i18n', `${language}.json`));
    const file = path.join(base, 'i18n', `${language}.json`);
    const texts = await readJson(file);
    for (const route of ACCOUNT_ROUTES) texts[`pages.${route}.title`] = real[`pages.${route}.title`];
    await writeJson(file, texts);
  }
  await supplyProducts(copy.dir);
  return copy;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * Every mandant needs product data for its source; fixture mandants without any get the insurer demo's
 * generic data (and _base the placeholder images), so these tests only depend on what they test.
 */
async function supplyProducts(dir: string): Promise<void> {
  const baseProducts = path.join(REPO_BASE, 'products');
  if ((await exists(baseProducts)) && !(await exists(path.join(dir, '_base', 'products')))) {
    await cp(baseProducts, path.join(dir, '_base', 'products'), { recursive: true });
  }
  const demo = path.join(REPO_MANDANTS, 'versicherung', 'products', 'generisch.json');
  if (!(await exists(demo))) return;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('_')) continue;
    const products = path.join(dir, entry.name, 'products');
    if (await exists(products)) continue;
    await cp(demo, path.join(products, 'generisch.json'));
  }
}
