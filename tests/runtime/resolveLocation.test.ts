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

describe('resolveLocation: /code and the visitor language', () => {
  const withOwnCodePath = buildRouteTable({ Homepage: '/', Code: '/empfehlungscode' });

  it.each<[string, string, Resolution]>([
    // SPEC 2: "An unknown locale (no translations) goes to the 404 page, except /code."
    ['/code below an unknown locale', '/xx/code', { kind: 'redirect', to: '/de/code', rule: 'code' }],
    ['… keeping the query', '/fr/code?widget=w', { kind: 'redirect', to: '/de/code?widget=w', rule: 'code' }],
    ['… in any case, with a slash', '/xx/CODE/', { kind: 'redirect', to: '/de/code', rule: 'code' }],
    [
      'other paths below an unknown locale stay 404',
      '/xx/faq',
      { kind: 'notFound', locale: 'de', reason: 'unknown-locale' },
    ],
  ])('%s: %s', (_rule, url, expected) => {
    expect(at(url)).toEqual(expected);
  });

  it.each<[string, string, Resolution]>([
    // SPEC 2: "/code goes to the recommendation-code page" even where the mandant gave it another path.
    ['/{locale}/code', '/en/code', { kind: 'redirect', to: '/en/empfehlungscode', rule: 'code' }],
    ['/code without locale', '/code', { kind: 'redirect', to: '/de/code', rule: 'missing-locale' }],
    ['unknown locale', '/xx/code', { kind: 'redirect', to: '/de/empfehlungscode', rule: 'code' }],
    [
      'the own path itself',
      '/de/empfehlungscode',
      { kind: 'page', locale: 'de', routeName: 'Code', params: {} },
    ],
  ])('a mandant with its own Code path, %s', (_rule, url, expected) => {
    const parsed = new URL(url, 'http://x');
    expect(
      resolveLocation(
        { pathname: parsed.pathname, search: '', hash: '' },
        { ...context, table: withOwnCodePath },
      ),
    ).toEqual(expected);
  });

  it('without a Code route /xx/code is an unknown locale like any other path', () => {
    const noCode = buildRouteTable({ Homepage: '/' });
    expect(
      resolveLocation({ pathname: '/xx/code', search: '', hash: '' }, { ...context, table: noCode }),
    ).toEqual({
      kind: 'notFound',
      locale: 'de',
      reason: 'unknown-locale',
    });
  });

  it.each<[string, string, Resolution]>([
    // SPEC 2: a URL without a language takes the stored language, else the browser's, else the default.
    ['root', '/', { kind: 'redirect', to: '/en/home', rule: 'root-to-home' }],
    [
      'path without locale',
      '/faq?widget=1',
      { kind: 'redirect', to: '/en/faq?widget=1', rule: 'missing-locale' },
    ],
    [
      'unknown locale still shows 404 in the default',
      '/fr/faq',
      { kind: 'notFound', locale: 'de', reason: 'unknown-locale' },
    ],
    ['a URL locale wins', '/de/faq', { kind: 'page', locale: 'de', routeName: 'Faq', params: {} }],
  ])('the visitor language (preferredLanguage en), %s', (_rule, url, expected) => {
    const parsed = new URL(url, 'http://x');
    expect(
      resolveLocation(
        { pathname: parsed.pathname, search: parsed.search, hash: '' },
        { ...context, preferredLanguage: 'en' },
      ),
    ).toEqual(expected);
  });
});
