import { describe, expect, it, vi } from 'vitest';
import {
  type Footnote,
  interpolate,
  isSafeUri,
  plainText,
  type RichTextDocument,
  sanitizeDocument,
} from '../../schemas/content.ts';
import { ContentCache, type CopyStore } from '../../server/content/ContentCache.ts';
import { ContentUnavailableError } from '../../server/content/ContentErrors.ts';
import { type ContentProblem, footnoteIndex, resolveDocument } from '../../server/content/resolveContent.ts';

/**
 * The pure parts of content: what a malformed or hostile rich text turns into, how variables, footnote
 * and route links resolve, and the cache's rules (fresh, stale, no copy, budget, one fetch at a time).
 */
const FOOTNOTE: Footnote = { Id: 1, Identifier: 'hinweis', Gruppe: 'g', Titel: 'Hinweis', Inhalt: 'Text' };

function context(problems: ContentProblem[] = []) {
  return {
    variables: { 'praemie.betrag': '70 €' },
    footnotes: footnoteIndex([FOOTNOTE]),
    routes: new Set(['Faq', 'Privacy']),
    assetUrl: (id: string) => `/assets/${id}`,
    report: (problem: ContentProblem) => void problems.push(problem),
  };
}

const link = (id: string, linkType = 'Entry') => ({ target: { sys: { type: 'Link', linkType, id } } });

describe('sanitizeDocument (schemas/content.ts)', () => {
  it.each([
    ['null', null],
    ['a string', '<p>hi</p>'],
    ['an array', [{ nodeType: 'paragraph' }]],
    ['a node that is not a document', { nodeType: 'paragraph', content: [] }],
  ])('turns %s into an empty document', (_case, value) => {
    expect(sanitizeDocument(value)).toEqual({ nodeType: 'document', data: {}, content: [] });
  });

  it('drops malformed nodes and completes the rest so that a renderer never crashes', () => {
    const document = sanitizeDocument({
      nodeType: 'document',
      content: [
        'text outside a node',
        { nodeType: 'paragraph' },
        {
          nodeType: 'paragraph',
          content: [{ nodeType: 'text' }, { nodeType: 'text', value: 'ok', marks: 'bold' }],
        },
        { content: [] },
        { nodeType: 'document', content: [] },
        { nodeType: 'html-block', content: [{ nodeType: 'text', value: '<script>x</script>' }] },
      ],
    });
    expect(document.content).toEqual([
      { nodeType: 'paragraph', data: {}, content: [] },
      { nodeType: 'paragraph', data: {}, content: [{ nodeType: 'text', value: 'ok', marks: [], data: {} }] },
      {
        nodeType: 'html-block',
        data: {},
        content: [{ nodeType: 'text', value: '<script>x</script>', marks: [], data: {} }],
      },
    ]);
  });

  it('keeps only safe link targets and nothing else from data', () => {
    const document = sanitizeDocument({
      nodeType: 'document',
      content: [
        { nodeType: 'hyperlink', data: { uri: 'javascript:alert(1)', onclick: 'x' }, content: [] },
        { nodeType: 'hyperlink', data: { uri: ' https://example.org/a ' }, content: [] },
        { nodeType: 'embedded-entry-inline', data: { target: { sys: { id: 'footnote:x', secret: 1 } } } },
      ],
    });
    expect(document.content.map((node) => node.data)).toEqual([
      {},
      { uri: 'https://example.org/a' },
      { target: { sys: { type: 'Link', linkType: 'Entry', id: 'footnote:x' } } },
    ]);
  });

  it('stops following a document nested deeper than any real text', () => {
    let node: Record<string, unknown> = { nodeType: 'text', value: 'deep' };
    for (let depth = 0; depth < 100; depth++) node = { nodeType: 'blockquote', content: [node] };
    const document = sanitizeDocument({ nodeType: 'document', content: [node] });
    expect(plainText(document)).toBe('');
  });

  it.each([
    ['https://example.org', true],
    ['mailto:a@example.org', true],
    ['tel:+4930123', true],
    ['javascript:alert(1)', false],
    ['JaVaScRiPt:alert(1)', false],
    ['data:text/html,x', false],
    ['//evil.example', false],
    ['/relative', false],
  ])('isSafeUri(%s) is %s', (uri, safe) => {
    expect(isSafeUri(uri)).toBe(safe);
  });
});

describe('resolveDocument', () => {
  it('replaces {{variables}} and embedded variable entries, reporting undefined ones', () => {
    const problems: ContentProblem[] = [];
    const { document } = resolveDocument(
      {
        nodeType: 'document',
        content: [
          {
            nodeType: 'paragraph',
            content: [
              { nodeType: 'text', value: 'Prämie: {{praemie.betrag}}, sonst {{ gibt.es.nicht }}.' },
              { nodeType: 'embedded-entry-inline', data: link('variable:praemie.betrag'), content: [] },
              { nodeType: 'embedded-entry-inline', data: link('variable:fehlt'), content: [] },
            ],
          },
        ],
      },
      context(problems),
    );
    // Amounts joined to € by a no-break space, as formatMoney writes money (issue 18).
    expect(plainText(document)).toBe('Prämie: 70\u00a0€, sonst .70\u00a0€');
    expect(problems).toEqual([
      { kind: 'variable', name: 'gibt.es.nicht' },
      { kind: 'variable', name: 'fehlt' },
    ]);
  });

  it('lists resolvable footnotes, routes and assets in links and reports the rest', () => {
    const problems: ContentProblem[] = [];
    const raw: RichTextDocument = {
      nodeType: 'document',
      data: {},
      content: [
        {
          nodeType: 'paragraph',
          data: {},
          content: [
            { nodeType: 'embedded-entry-inline', data: link('footnote:hinweis'), content: [] },
            { nodeType: 'embedded-entry-inline', data: link('footnote:unbekannt'), content: [] },
            { nodeType: 'entry-hyperlink', data: link('route:Faq'), content: [] },
            { nodeType: 'entry-hyperlink', data: link('route:Settings'), content: [] },
            { nodeType: 'entry-hyperlink', data: link('6xYz0aBcD'), content: [] },
          ],
        },
        { nodeType: 'embedded-asset-block', data: link('bild.png', 'Asset'), content: [] },
        { nodeType: 'embedded-asset-block', data: link('../x', 'Asset'), content: [] },
      ],
    };
    const { links } = resolveDocument(raw, context(problems), { 'bild.png': { description: 'Ein Bild' } });
    expect(links).toEqual({
      entries: {
        'footnote:hinweis': { type: 'footnote', footnote: FOOTNOTE },
        'route:Faq': { type: 'route', route: 'Faq' },
      },
      assets: { 'bild.png': { id: 'bild.png', url: '/assets/bild.png', description: 'Ein Bild' } },
    });
    expect(problems).toEqual([
      { kind: 'footnote', name: 'unbekannt' },
      { kind: 'route', name: 'Settings' },
      { kind: 'link', name: '6xYz0aBcD' },
      { kind: 'asset', name: '../x' },
    ]);
  });

  it('interpolate leaves text without placeholders alone', () => {
    const missing = vi.fn();
    expect(interpolate('Keine {Klammer} hier', {}, missing)).toBe('Keine {Klammer} hier');
    expect(missing).not.toHaveBeenCalled();
  });
});

describe('ContentCache', () => {
  function setup(options: { store?: CopyStore; budgetMs?: number } = {}) {
    let now = 1_000_000;
    const cache = new ContentCache({
      ttlMs: 60_000,
      budgetMs: options.budgetMs ?? 50,
      timeoutMs: 300_000,
      retryMs: 10_000,
      now: () => now,
      ...(options.store ? { store: options.store } : {}),
    });
    const advance = (ms: number) => {
      now += ms;
    };
    return { cache, advance };
  }

  it('serves a fresh copy without asking again, and a stale one at once while one fetch renews it', async () => {
    const { cache, advance } = setup();
    let version = 0;
    const load = vi.fn(async () => ++version);
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
    advance(61_000);
    expect(await cache.get('k', load)).toBe(1); // stale, renewed in the background
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(2);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('keeps the last good copy when the provider fails, and waits before asking a failing provider again', async () => {
    const { cache, advance } = setup();
    expect(await cache.get('k', async () => 'good')).toBe('good');
    advance(61_000);
    const failing = vi.fn(async () => {
      throw new Error('down');
    });
    expect(await cache.get('k', failing)).toBe('good');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('k', failing)).toBe('good');
    expect(failing).toHaveBeenCalledTimes(1); // backing off
    advance(10_001);
    expect(await cache.get('k', failing)).toBe('good');
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('without a copy gives up after the budget, while the fetch goes on and fills the cache', async () => {
    const { cache } = setup({ budgetMs: 20 });
    let finish: (value: string) => void = () => undefined;
    const slow = vi.fn(
      () =>
        new Promise<string>((resolve) => {
          finish = resolve;
        }),
    );
    await expect(cache.get('k', slow)).rejects.toBeInstanceOf(ContentUnavailableError);
    // a second request while the first fetch still runs does not start another one
    await expect(cache.get('k', slow)).rejects.toBeInstanceOf(ContentUnavailableError);
    expect(slow).toHaveBeenCalledTimes(1);
    finish('late');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('k', slow)).toBe('late');
  });

  it('rejects with the provider’s own error when it fails within the budget', async () => {
    const { cache } = setup();
    await expect(
      cache.get('k', async () => {
        throw new Error('HTTP 500');
      }),
    ).rejects.toThrow('HTTP 500');
  });

  it('reads the last good copy from the store once and writes every fresh copy to it', async () => {
    const written: [string, unknown][] = [];
    const store: CopyStore = {
      read: vi.fn(async () => ({ value: 'stored', fetchedAt: 0 })),
      write: async (key, copy) => void written.push([key, copy.value]),
    };
    const { cache } = setup({ store });
    const load = vi.fn(async () => 'fresh');
    expect(await cache.get('k', load)).toBe('stored'); // old copy served at once, renewed behind it
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('k', load)).toBe('fresh');
    expect(store.read).toHaveBeenCalledTimes(1);
    expect(written).toEqual([['k', 'fresh']]);
  });
});
