import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blockRegistry } from '../../blocks/registry.ts';
import type { Guard } from '../../runtime/router/guards/Guard.ts';
import { useLocation } from '../../runtime/router/navigation/index.ts';
import { RoutedPage } from '../../runtime/router/RoutedPage.tsx';
import { renderInRuntime } from './fixtures.tsx';

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

type ContentLoader = (language: string) => Promise<{ Key: string; Value: string }[]>;

function renderAt(
  url: string,
  guards: readonly Guard[] = [],
  fetchContent = vi.fn<ContentLoader>(async () => []),
) {
  const result = renderInRuntime(
    <>
      <RoutedPage registry={blockRegistry} guards={guards} />
      <LocationProbe />
    </>,
    { url, fetchContent },
  );
  return { ...result, fetchContent };
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  document.documentElement.lang = '';
  window.localStorage.clear();
  // jsdom's browser speaks en-US; these tests are about a German visitor unless they say otherwise.
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'de']);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('routed page', () => {
  it('redirects the root to the home page in the default language and renders it in the shell', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen bei Demo' })).toBeTruthy();
    expect(location()).toBe('/de/');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main').id).toBe('main');
    expect(screen.getByRole('main').tabIndex).toBe(-1);
    expect(screen.getByRole('link', { name: 'Zum Inhalt springen' }).getAttribute('href')).toBe('#main');
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
  });

  it('redirects a path without locale to the default language, keeping the query', async () => {
    renderAt('/faq?widget=w1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fragen und Antworten' })).toBeTruthy();
    expect(location()).toBe('/de/faq?widget=w1');
  });

  it.each([
    // SPEC 2: language from the URL, else the stored language, else the browser languages, else the default.
    ['the stored language', 'en', ['de-DE'], '/en/faq?widget=w1'],
    ['the browser language when nothing is stored', null, ['en-GB', 'de'], '/en/faq?widget=w1'],
    ['the default for a language not offered', null, ['fr-FR'], '/de/faq?widget=w1'],
  ])('sends a path without locale to %s', async (_case, stored, browser, expected) => {
    if (stored) window.localStorage.setItem('language', stored);
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browser);
    renderAt('/faq?widget=w1');
    await screen.findByRole('heading', { level: 1 });
    expect(location()).toBe(expected);
  });

  it.each([
    ['an unknown locale', '/fr/faq'],
    ['an unknown path', '/de/gibt-es-nicht'],
    ['a route without a page schema', '/de/impressum'],
  ])('shows the 404 page for %s', async (_case, url) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt(url);
    expect(await screen.findByRole('heading', { level: 1, name: '404 - Datei nicht gefunden' })).toBeTruthy();
    expect(location()).toBe(url);
    await waitFor(() => expect(document.title).toBe('Seite nicht gefunden | Demo Freunde werben'));
  });

  it('logs a route that has no page schema, but not the built-in 404 stand-in', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/de/impressum');
    await screen.findByRole('heading', { level: 1, name: '404 - Datei nicht gefunden' });
    expect(consoleError).toHaveBeenCalledWith('Route "Imprint" has no page schema; showing FileNotFound');
    consoleError.mockClear();
    renderAt('/de/gibt-es-nicht');
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(2));
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('passes route parameters from the path', async () => {
    renderAt('/de/empfehlen/4711');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jetzt empfehlen' })).toBeTruthy();
  });

  it('links the legal pages the mandant has, in the footer, keeping the widget parameter', async () => {
    renderAt('/de/faq?widget=w1');
    const footer = await screen.findByRole('contentinfo');
    const links = within(footer)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Impressum', '/de/impressum?widget=w1'],
      ['Datenschutz', '/de/datenschutz?widget=w1'],
      ['Häufige Fragen', '/de/faq?widget=w1'],
    ]);
    expect(within(footer).getByText(/Demo Freunde werben/)).toBeTruthy();
  });

  it('shows the logo with the mandant name as alt text, linking home', async () => {
    renderAt('/de/faq');
    const logo = await screen.findByRole('img', { name: 'Demo Freunde werben' });
    expect(logo.getAttribute('src')).toBe('/mandant-assets/demo/logo.svg');
    expect(logo.closest('a')?.getAttribute('href')).toBe('/de/');
  });

  it('navigates in place when a link is clicked', async () => {
    renderAt('/de');
    const footer = await screen.findByRole('contentinfo');
    fireEvent.click(within(footer).getByRole('link', { name: 'Häufige Fragen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fragen und Antworten' })).toBeTruthy();
    expect(location()).toBe('/de/faq');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
  });

  it('switches language by rewriting the locale segment and loading that language', async () => {
    const { fetchContent } = renderAt('/de/faq?widget=w1');
    const nav = await screen.findByRole('navigation', { name: 'Sprache wählen' });
    const german = within(nav).getByRole('link', { name: 'Deutsch' });
    const english = within(nav).getByRole('link', { name: 'English' });
    expect(german.getAttribute('aria-current')).toBe('true');
    expect(english.getAttribute('aria-current')).toBeNull();
    expect(english.getAttribute('href')).toBe('/en/faq?widget=w1');
    expect(english.getAttribute('lang')).toBe('en');

    fireEvent.click(english);
    expect(location()).toBe('/en/faq?widget=w1');
    expect(await screen.findByRole('link', { name: 'Skip to content' })).toBeTruthy();
    expect(fetchContent).toHaveBeenCalledWith('en');
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    const footerLinks = within(screen.getByRole('contentinfo')).getAllByRole('link');
    expect(footerLinks[0]?.getAttribute('href')).toBe('/en/impressum?widget=w1');
    expect(footerLinks[0]?.textContent).toBe('Imprint');
  });

  it('reports the page ready only once the new language’s content is shown', async () => {
    let deliver: (content: { Key: string; Value: string }[]) => void = () => {};
    const fetchContent = vi.fn<ContentLoader>(
      () =>
        new Promise<{ Key: string; Value: string }[]>((resolve) => {
          deliver = resolve;
        }),
    );
    renderAt('/de/faq', [], fetchContent);
    await waitFor(() => expect(document.body.dataset.pageReady).toBe('true'));
    const nav = screen.getByRole('navigation', { name: 'Sprache wählen' });
    fireEvent.click(within(nav).getByRole('link', { name: 'English' }));
    expect(location()).toBe('/en/faq');
    await waitFor(() => expect(fetchContent).toHaveBeenCalledWith('en'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.body.dataset.pageReady).toBe('false');
    expect(document.documentElement.lang).toBe('de');
    await act(async () => deliver([{ Key: 'faq.title', Value: 'Questions and answers' }]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Questions and answers' })).toBeTruthy();
    await waitFor(() => expect(document.body.dataset.pageReady).toBe('true'));
    expect(document.documentElement.lang).toBe('en');
  });

  it('runs the guards before a page renders and follows their redirect', async () => {
    const onlyHome: Guard = ({ resolution }) =>
      resolution.routeName === 'Faq' ? { to: `/${resolution.locale}`, reason: 'test' } : null;
    renderAt('/de/faq', [onlyHome]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen bei Demo' })).toBeTruthy();
    expect(location()).toBe('/de');
  });

  it('signals readiness again after navigating', async () => {
    renderAt('/de');
    await waitFor(() => expect(document.body.dataset.pageReady).toBe('true'));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Häufige Fragen' }));
    });
    await screen.findByRole('heading', { level: 1, name: 'Fragen und Antworten' });
    await waitFor(() => expect(document.body.dataset.pageReady).toBe('true'));
  });
});
