import { act, screen } from '@testing-library/react';
import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentPage } from '../../blocks/ContentPage/ContentPage.tsx';
import { foldForSearch, searchFaq } from '../../blocks/Faq/searchFaq.ts';
import { numberFootnotes } from '../../blocks/shared/richText/footnoteNumbers.ts';
import { ApiRequestError } from '../../runtime/api/ApiRequestError.ts';
import { configureApi } from '../../runtime/api/api.ts';
import { contentResource } from '../../runtime/content/contentResource.ts';
import { loadErrorMessages } from '../../runtime/i18n/loadErrorMessages.ts';
import type {
  ContentEntryResponse,
  FaqItem,
  Footnote,
  RichTextDocument,
  RichTextNode,
} from '../../schemas/content.ts';
import { renderInRuntime } from './fixtures.tsx';

/**
 * The runtime's content service (one load per key and API client, failures as results, retried later) and
 * what the content blocks make of rich text: only safe links, footnotes numbered in reading order, no markup
 * from content ever reaching the DOM, and the FAQ search.
 */

type Answer = { status: number; data?: unknown };

/** A fake transport answering by path, counting calls; the API is configured anew per test. */
function fakeApi(answers: Record<string, Answer>) {
  const calls: string[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const path = config.url ?? '';
    calls.push(path);
    const answer = answers[path] ?? { status: 404, data: { code: 'PSOF0120', message: '' } };
    const response = {
      data: answer.data,
      status: answer.status,
      statusText: '',
      headers: {},
      config,
      request: {},
    };
    if (answer.status < 400) return response;
    throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response);
  };
  configureApi({ mandantId: 'demo', getLanguage: () => 'de', adapter });
  return calls;
}

const text = (value: string, marks: string[] = []): RichTextNode => ({
  nodeType: 'text',
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});
const node = (
  nodeType: string,
  content: RichTextNode[],
  data: Record<string, unknown> = {},
): RichTextNode => ({
  nodeType,
  data,
  content,
});
const target = (id: string) => ({ target: { sys: { type: 'Link', linkType: 'Entry', id } } });
const doc = (...content: RichTextNode[]): RichTextDocument => ({ nodeType: 'document', data: {}, content });
const footnote = (identifier: string, titel: string): Footnote => ({
  Id: 1,
  Identifier: identifier,
  Gruppe: 'g',
  Titel: titel,
  Inhalt: `${titel} im Detail`,
});

afterEach(() => vi.restoreAllMocks());

/**
 * Renders a content block inside an async act and lets its content request answer: React renders what a
 * component suspended on with `use()` only when the suspension happened in an awaited act scope.
 */
async function renderContent(entry: string): Promise<HTMLElement> {
  let rendered: ReturnType<typeof renderInRuntime> | undefined;
  await act(async () => {
    rendered = renderInRuntime(
      <Suspense fallback={<p>lädt</p>}>
        <ContentPage entry={entry} />
      </Suspense>,
    );
  });
  if (!rendered) throw new Error('not rendered');
  const { container, i18n } = rendered;
  await act(async () => {
    // main.tsx loads the error catalogue's texts with the API client; here they arrive after the answer.
    await loadErrorMessages(i18n);
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  return container;
}

describe('contentResource', () => {
  it('loads each key once per API client and answers failures as results', async () => {
    const calls = fakeApi({ '/ok': { status: 200, data: 'Inhalt' } });
    const load = (url: string) => async () => {
      const { getApiClient } = await import('../../runtime/api/api.ts');
      return (await (await getApiClient()).get(url)).data;
    };
    const first = contentResource('a', load('/ok'));
    expect(contentResource('a', load('/ok'))).toBe(first);
    expect(await first).toEqual({ ok: true, data: 'Inhalt' });
    expect(await contentResource('b', load('/missing'))).toEqual({ ok: false, code: 'PSOF0120' });
    expect(calls).toEqual(['/ok', '/missing']);

    fakeApi({ '/ok': { status: 200, data: 'Neu' } });
    expect(await contentResource('a', load('/ok'))).toEqual({ ok: true, data: 'Neu' });
  });

  it('asks again for content that failed, but not before 30 seconds', async () => {
    const calls = fakeApi({});
    const load = vi.fn(async () => {
      throw new ApiRequestError({ code: 'PSOF0102', message: 'Inhalt nicht verfügbar' }, 502);
    });
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now);
    expect(await contentResource('x', load)).toEqual({ ok: false, code: 'PSOF0102' });
    await contentResource('x', load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.spyOn(Date, 'now').mockReturnValue(now + 30_001);
    await contentResource('x', load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(calls).toEqual([]);
  });
});

describe('ContentPage with content a CMS should not have sent', () => {
  const entry: ContentEntryResponse = {
    id: 'imprint',
    title: 'Impressum',
    body: doc(
      node('heading-1', [text('Eine zweite h1 aus dem CMS')]),
      node('paragraph', [
        text('<script>window.hacked = true</script>'),
        node('hyperlink', [text('JS-Link')], { uri: 'javascript:window.hacked=true' }),
        node('hyperlink', [text('Web')], { uri: 'https://example.org/' }),
        node('entry-hyperlink', [text('Zu den FAQ')], target('route:Faq')),
        node('entry-hyperlink', [text('Unaufgelöst')], target('route:Nirgends')),
        node('embedded-entry-inline', [], target('footnote:b')),
        node('embedded-entry-inline', [], target('footnote:a')),
        node('embedded-entry-inline', [], target('footnote:b')),
        node('embedded-entry-inline', [], target('footnote:fehlt')),
      ]),
      node('iframe', [text('Rahmen als Text')]),
      { nodeType: 'paragraph' } as unknown as RichTextNode,
    ),
    links: {
      entries: {
        'route:Faq': { type: 'route', route: 'Faq' },
        'footnote:a': { type: 'footnote', footnote: footnote('a', 'Erste') },
        'footnote:b': { type: 'footnote', footnote: footnote('b', 'Zweite') },
      },
      assets: {},
    },
  };

  it('renders text as text, safe links only, one h1, footnotes numbered by first reference', async () => {
    fakeApi({ '/content/entries/imprint': { status: 200, data: entry } });
    const container = await renderContent('imprint');
    await screen.findByRole('heading', { level: 1, name: 'Impressum' });
    expect(container.querySelectorAll('h1')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Eine zweite h1 aus dem CMS' })).toBeTruthy();
    expect(container.querySelector('script, iframe')).toBeNull();
    expect(container.textContent).toContain('<script>window.hacked = true</script>');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(screen.queryByRole('link', { name: 'JS-Link' })).toBeNull();
    expect(container.textContent).toContain('JS-Link');
    expect(screen.getByRole('link', { name: 'Web' }).getAttribute('href')).toBe('https://example.org/');
    expect(screen.getByRole('link', { name: 'Zu den FAQ' }).getAttribute('href')).toBe('/de/faq');
    expect(screen.queryByRole('link', { name: 'Unaufgelöst' })).toBeNull();
    expect(screen.getByText('Rahmen als Text')).toBeTruthy();
    // footnote b is referred to first: it is 1, a is 2; the unresolvable one renders nothing
    const references = container.querySelectorAll('sup a');
    expect([...references].map((reference) => reference.textContent)).toEqual(['1', '2', '1']);
    const notes = container.querySelectorAll('aside li');
    expect([...notes].map((note) => note.textContent?.slice(0, 7))).toEqual(['Zweite:', 'Erste: ']);
  });

  it("shows 'Inhalt nicht verfügbar' under the page title when the server has no content", async () => {
    fakeApi({ '/content/entries/imprint': { status: 502, data: { code: 'PSOF0102', message: '' } } });
    await renderContent('imprint');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByText('Inhalt nicht verfügbar')).toBeTruthy();
  });
});

describe('numberFootnotes', () => {
  it('numbers only footnotes the server resolved, across several documents in order', () => {
    const links = {
      entries: { 'footnote:x': { type: 'footnote' as const, footnote: footnote('x', 'X') } },
      assets: {},
    };
    const numbered = numberFootnotes(
      [
        doc(node('paragraph', [node('embedded-entry-inline', [], target('footnote:unbekannt'))])),
        doc(node('paragraph', [node('embedded-entry-inline', [], target('footnote:x'))])),
      ],
      links,
    );
    expect(numbered.map((entry) => [entry.linkId, entry.number])).toEqual([['footnote:x', 1]]);
  });
});

describe('FAQ search', () => {
  const items: FaqItem[] = [
    {
      id: 'a',
      category: 'c',
      question: 'Wann kommt die Prämie?',
      answer: doc(node('paragraph', [text('Nach 4 Wochen.')])),
    },
    {
      id: 'b',
      category: 'c',
      question: 'Wer darf teilnehmen?',
      answer: doc(node('paragraph', [text('Ab 18, in der Straße.')])),
    },
  ];

  it.each([
    ['', ['a', 'b']],
    ['praemie', ['a']],
    ['PRÄMIE wochen', ['a']],
    ['strasse', ['b']],
    ['prämie teilnehmen', []],
  ])('"%s" finds %j', (query, ids) => {
    expect(searchFaq(items, query).map((item) => item.id)).toEqual(ids);
  });

  it('folds case, umlauts and spaces', () => {
    expect(foldForSearch('  Größe  ÜBER   Maß ')).toBe('groesse ueber mass');
  });
});
