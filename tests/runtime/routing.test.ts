import { describe, expect, it } from 'vitest';
import { buildHref } from '../../runtime/router/buildHref.ts';
import type { Guard, GuardContext } from '../../runtime/router/guards/Guard.ts';
import { runGuards } from '../../runtime/router/guards/runGuards.ts';
import { localePath, rewriteLocale } from '../../runtime/router/localePath.ts';
import { buildRouteTable, matchRoute, normalisePath, routePath } from '../../runtime/router/routeTable.ts';
import { carryWidget, keepWidget } from '../../runtime/router/widget.ts';

const table = buildRouteTable(
  {
    Homepage: '/',
    Faq: '/faq',
    Recommendation: '/empfehlen/{productId}',
    RewardDetails: 'praemie/:praemieid/',
  },
  [{ Route: '/haeufige-fragen', RouteName: 'Faq' }],
);

describe('route table', () => {
  it.each([
    ['{param} becomes :param', '/empfehlen/{productId}', '/empfehlen/:productId'],
    ['missing leading slash, trailing slash', 'praemie/:id/', '/praemie/:id'],
    ['doubled slashes', '//a//b', '/a/b'],
    ['root', '/', '/'],
  ])('normalises paths: %s', (_case, input, expected) => {
    expect(normalisePath(input)).toBe(expected);
  });

  it('links a route name to its default path, not to an additional one (SPEC 2)', () => {
    expect(routePath(table, 'Faq')).toBe('/faq');
    expect(matchRoute(table, '/haeufige-fragen')).toEqual({ name: 'Faq', params: {} });
  });

  it('fills and encodes parameters, and refuses a missing one', () => {
    expect(routePath(table, 'Recommendation', { productId: 'a/b' })).toBe('/empfehlen/a%2Fb');
    expect(routePath(table, 'Recommendation')).toBeNull();
    expect(routePath(table, 'RewardDetails', { praemieid: '7' })).toBe('/praemie/7');
    expect(routePath(table, 'Unknown')).toBeNull();
  });
});

describe('hrefs and the widget parameter', () => {
  it.each([
    // SPEC 2: "The widget query parameter is carried over between navigations."
    ['carries widget', '?widget=w1&other=x', '', '?widget=w1'],
    ['nothing to carry', '?other=x', '', ''],
    ['target query kept', '?widget=w1', 'a=1', '?a=1&widget=w1'],
    ['target widget wins', '?widget=w1', 'widget=w2', '?widget=w2'],
  ])('%s', (_case, current, target, expected) => {
    expect(carryWidget(current, target)).toBe(expected);
  });

  it.each([
    // SPEC 2: the widget parameter survives navigate() and redirects too, not only links.
    ['carried to a target without query', '?widget=w1', '/de/faq', '', '?widget=w1'],
    ['added to the target query', '?widget=w1&x=1', '/de/faq', '?a=1', '?a=1&widget=w1'],
    ['target widget wins', '?widget=w1', '/de/faq', '?widget=w2', '?widget=w2'],
    ['no widget, query untouched', '?x=1', '/de/faq', '?q=a%20b', '?q=a%20b'],
  ])('navigation keeps the widget: %s', (_case, current, pathname, search, expected) => {
    expect(keepWidget({ pathname, search, hash: '' }, current)).toEqual({
      pathname,
      search: expected,
      hash: '',
    });
  });

  it('builds locale-prefixed hrefs by route name', () => {
    expect(buildHref(table, { name: 'Faq', locale: 'en', currentSearch: '?widget=abc' })).toBe(
      '/en/faq?widget=abc',
    );
    expect(buildHref(table, { name: 'Homepage', locale: 'de' })).toBe('/de/');
    expect(buildHref(table, { name: 'Recommendation', locale: 'de', params: { productId: '12' } })).toBe(
      '/de/empfehlen/12',
    );
    expect(buildHref(table, { name: 'Dashboard', locale: 'de' })).toBeNull();
  });
});

describe('language switch rewrites the locale segment (SPEC 2)', () => {
  it.each([
    ['/de/faq', '?widget=1', '#x', 'en', '/en/faq?widget=1#x'],
    ['/de/', '', '', 'en', '/en/'],
    ['/de', '', '', 'en', '/en/'],
    ['/fr/faq', '', '', 'de', '/de/faq'],
    ['/faq', '', '', 'en', '/en/faq'],
  ])('%s%s%s → %s', (pathname, search, hash, locale, expected) => {
    expect(rewriteLocale({ pathname, search, hash }, locale)).toBe(expected);
  });

  it('joins locale and path, the locale root with a trailing slash', () => {
    expect(localePath('de', '/')).toBe('/de/');
    expect(localePath('de', '/faq')).toBe('/de/faq');
  });
});

describe('guards seam', () => {
  const context = {} as GuardContext;
  const pass: Guard = () => null;
  const toLogin: Guard = () => ({ to: '/de/login', reason: 'login-required' });
  const toHome: Guard = () => ({ to: '/de', reason: 'other' });

  it('lets the page render when no guard redirects', () => {
    expect(runGuards([], context)).toBeNull();
    expect(runGuards([pass], context)).toBeNull();
  });

  it('takes the first redirect', () => {
    expect(runGuards([pass, toLogin, toHome], context)).toEqual({
      to: '/de/login',
      reason: 'login-required',
    });
  });
});
