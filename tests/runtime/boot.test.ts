import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRuntimeConfig } from '../../runtime/boot/createRuntimeConfig.ts';
import { detectLanguage } from '../../runtime/boot/detectLanguage.ts';
import { loadBootData } from '../../runtime/boot/loadBootData.ts';
import { readBootData } from '../../runtime/boot/readBootData.ts';
import { resolveMandantId } from '../../runtime/boot/resolveMandantId.ts';
import { BOOT_DATA_ELEMENT_ID } from '../../schemas/api.ts';
import { sampleBootData } from './fixtures.tsx';

function documentWith(head: string): Document {
  return new DOMParser().parseFromString(
    `<!doctype html><html><head>${head}</head><body></body></html>`,
    'text/html',
  );
}

function bootScript(content: string): string {
  return `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${content}</script>`;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('readBootData', () => {
  it('reads the boot data the server embedded', () => {
    const boot = sampleBootData();
    expect(readBootData(documentWith(bootScript(JSON.stringify(boot))))).toEqual(boot);
  });

  it('returns null without the element', () => {
    expect(readBootData(documentWith(''))).toBeNull();
  });

  it.each([
    ['invalid JSON', '{"mandantId":'],
    ['wrong shape', JSON.stringify({ mandantId: 'x' })],
  ])('returns null and logs for %s', (_case, content) => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readBootData(documentWith(bootScript(content)))).toBeNull();
    expect(consoleError).toHaveBeenCalled();
  });

  it('loadBootData uses the embedded data without any request', async () => {
    const boot = sampleBootData();
    const doc = documentWith(bootScript(JSON.stringify(boot)));
    const request = vi.spyOn(XMLHttpRequest.prototype, 'open');
    expect(await loadBootData(doc, window.location)).toEqual(boot);
    expect(request).not.toHaveBeenCalled();
  });
});

describe('resolveMandantId', () => {
  it.each([
    ['meta element wins', '<meta name="mandant" content="versicherung">', 'telko.localhost', 'versicherung'],
    ['first host label', '', 'telko.localhost', 'telko'],
    ['plain host', '', 'localhost', 'localhost'],
  ])('%s', (_case, head, host, expected) => {
    expect(resolveMandantId(documentWith(head), host)).toBe(expected);
  });
});

describe('detectLanguage (SPEC 2: URL, else stored, else browser, else default)', () => {
  const base = { offered: ['de', 'en'], defaultLanguage: 'de', stored: null, browser: [] };
  it.each([
    ['URL segment', { pathname: '/en/faq' }, 'en'],
    ['URL segment not offered → stored', { pathname: '/fr/faq', stored: 'en' }, 'en'],
    ['no URL locale → stored', { pathname: '/faq', stored: 'en' }, 'en'],
    ['stored not offered → browser', { pathname: '/', stored: 'it', browser: ['en-GB', 'de'] }, 'en'],
    ['browser region tags', { pathname: '/', browser: ['fr-FR', 'EN-us'] }, 'en'],
    ['nothing offered → default', { pathname: '/', browser: ['fr'] }, 'de'],
  ])('%s', (_case, sources, expected) => {
    expect(detectLanguage({ ...base, ...sources })).toBe(expected);
  });
});

describe('createRuntimeConfig', () => {
  it('builds the route table from default and additional routes and labels the languages', () => {
    const config = createRuntimeConfig(sampleBootData());
    expect(config.routeTable.map((entry) => `${entry.name} ${entry.path}`)).toContain('Faq /fragen');
    expect(config.languages).toEqual([
      { code: 'de', label: 'Deutsch' },
      { code: 'en', label: 'English' },
    ]);
    expect(config.defaultLanguage).toBe('de');
  });

  it('falls back to an offered language when Standard or the boot language are not offered', () => {
    const config = createRuntimeConfig(
      sampleBootData({
        routes: { SupportedLanguage: { Sprache: ['en'], Standard: 'de' }, Routes: {} },
        languages: [],
        language: 'fr',
      }),
    );
    expect(config.defaultLanguage).toBe('en');
    expect(config.language).toBe('en');
    expect(config.languages).toEqual([{ code: 'en', label: null }]);
  });
});
