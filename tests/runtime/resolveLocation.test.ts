import { describe, expect, it } from 'vitest';
import { type Resolution, resolveLocation } from '../../runtime/router/resolveLocation.ts';
import { buildRouteTable } from '../../runtime/router/routeTable.ts';

const table = buildRouteTable(
  {
    Homepage: '/home',
    Faq: '/faq',
    Code: '/code',
    Recommendation: '/empfehlen/{productId}',
    RecommendationShare: '/empfehlen/teilen/:empfehlungsnummer',
    NewsletterOptin: '/empfehler/newsletter/optin',
  },
  [{ Route: '/fragen', RouteName: 'Faq' }],
);
const context = { table, languages: ['de', 'en'], defaultLanguage: 'de' };

function at(url: string): Resolution {
  const parsed = new URL(url, 'http://x');
  return resolveLocation({ pathname: parsed.pathname, search: parsed.search, hash: parsed.hash }, context);
}

describe('resolveLocation', () => {
  it.each<[string, string, Resolution]>([
    // SPEC 2: "The root redirects to the home page in the default language."
    ['root → home in default language', '/', { kind: 'redirect', to: '/de/home', rule: 'root-to-home' }],
    [
      'root keeps the query',
      '/?widget=1',
      { kind: 'redirect', to: '/de/home?widget=1', rule: 'root-to-home' },
    ],
    // SPEC 2: "A path not starting with a two-letter locale is redirected to the default language."
    ['path without locale', '/faq', { kind: 'redirect', to: '/de/faq', rule: 'missing-locale' }],
    [
      'path without locale keeps query and hash',
      '/faq?widget=abc&x=1#top',
      { kind: 'redirect', to: '/de/faq?widget=abc&x=1#top', rule: 'missing-locale' },
    ],
    // SPEC 2: "/code goes to the recommendation-code page" (and is not an unknown locale).
    ['/code', '/code', { kind: 'redirect', to: '/de/code', rule: 'missing-locale' }],
    [
      'three-letter first segment is not a locale',
      '/deu/faq',
      { kind: 'redirect', to: '/de/deu/faq', rule: 'missing-locale' },
    ],
    ['upper-case locale', '/EN/faq', { kind: 'redirect', to: '/en/faq', rule: 'locale-case' }],
    // SPEC 2: "An unknown locale (no translations) goes to the 404 page"
    ['unknown locale', '/fr/faq', { kind: 'notFound', locale: 'de', reason: 'unknown-locale' }],
    ['unknown locale alone', '/xx', { kind: 'notFound', locale: 'de', reason: 'unknown-locale' }],
    // SPEC 2: Homepage "also alias /"
    [
      'locale root is the home page',
      '/de',
      { kind: 'page', locale: 'de', routeName: 'Homepage', params: {} },
    ],
    ['locale root with slash', '/en/', { kind: 'page', locale: 'en', routeName: 'Homepage', params: {} }],
    ['home path', '/de/home', { kind: 'page', locale: 'de', routeName: 'Homepage', params: {} }],
    ['static route', '/en/faq', { kind: 'page', locale: 'en', routeName: 'Faq', params: {} }],
    ['trailing slash', '/de/faq/', { kind: 'page', locale: 'de', routeName: 'Faq', params: {} }],
    ['mixed case path', '/de/FAQ', { kind: 'page', locale: 'de', routeName: 'Faq', params: {} }],
    ['/{locale}/code', '/de/code', { kind: 'page', locale: 'de', routeName: 'Code', params: {} }],
    // SPEC 2: additional routes map further paths to known route names.
    ['additional route', '/de/fragen', { kind: 'page', locale: 'de', routeName: 'Faq', params: {} }],
    // SPEC 2: Recommendation with {productId}.
    [
      'route parameter',
      '/de/empfehlen/4711',
      { kind: 'page', locale: 'de', routeName: 'Recommendation', params: { productId: '4711' } },
    ],
    [
      'static segment beats parameter',
      '/de/empfehlen/teilen/E-1',
      { kind: 'page', locale: 'de', routeName: 'RecommendationShare', params: { empfehlungsnummer: 'E-1' } },
    ],
    [
      'encoded parameter is decoded',
      '/de/empfehlen/a%20b',
      { kind: 'page', locale: 'de', routeName: 'Recommendation', params: { productId: 'a b' } },
    ],
    [
      'fixed path of SPEC 2',
      '/de/empfehler/newsletter/optin',
      { kind: 'page', locale: 'de', routeName: 'NewsletterOptin', params: {} },
    ],
    ['unknown path', '/de/gibt-es-nicht', { kind: 'notFound', locale: 'de', reason: 'unknown-path' }],
    [
      'unknown path keeps offered locale',
      '/en/nope',
      { kind: 'notFound', locale: 'en', reason: 'unknown-path' },
    ],
    [
      'parameter route without value',
      '/de/empfehlen',
      { kind: 'notFound', locale: 'de', reason: 'unknown-path' },
    ],
  ])('%s: %s', (_rule, url, expected) => {
    expect(at(url)).toEqual(expected);
  });

  it('redirects the root to /{locale}/ when the home page path is /', () => {
    const rootHome = buildRouteTable({ Homepage: '/' });
    const result = resolveLocation({ pathname: '/', search: '', hash: '' }, { ...context, table: rootHome });
    expect(result).toEqual({ kind: 'redirect', to: '/de/', rule: 'root-to-home' });
  });

  it('uses the mandant default language, not a hard-coded one', () => {
    const result = resolveLocation(
      { pathname: '/faq', search: '', hash: '' },
      { ...context, languages: ['en', 'de'], defaultLanguage: 'en' },
    );
    expect(result).toEqual({ kind: 'redirect', to: '/en/faq', rule: 'missing-locale' });
  });
});
