import { act, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { PageFile } from '../../domain/merge.ts';
import type { BlockLoader, BlockProps, BlockRegistry } from '../../runtime/index.ts';
import { PageRenderer } from '../../runtime/page/PageRenderer.tsx';
import { BLOCK_TYPES } from '../../schemas/blocks/index.ts';
import { renderInRuntime } from './fixtures.tsx';

function Headline({ headline }: BlockProps<'Hero'>) {
  return <h1>{headline}</h1>;
}
function Section({ headline }: BlockProps<'TextSection'>) {
  return <h2>{headline}</h2>;
}
function Broken(): never {
  throw new Error('render failed on purpose');
}
function Plain() {
  return <p>plain block</p>;
}

/** A loader that resolves to the given component, like `() => import('./Block.tsx')`. */
function loaderOf<P>(component: ComponentType<P>): BlockLoader<P> {
  return () => Promise.resolve({ default: component });
}

/** A fresh registry per test: lazy components are cached per registry object. Every type renders Plain
 * unless overridden, so new block types need no change here. */
function testRegistry(overrides: Partial<BlockRegistry> = {}): BlockRegistry {
  const plain = Object.fromEntries(
    BLOCK_TYPES.map((type) => [type, loaderOf(Plain)]),
  ) as unknown as BlockRegistry;
  return { ...plain, Hero: loaderOf(Headline), TextSection: loaderOf(Section), ...overrides };
}

function failingLoader(): Promise<never> {
  return Promise.reject(new Error('network down'));
}

function page(blocks: PageFile['blocks'], title = 'pages.Homepage.title'): PageFile {
  return { title, blocks };
}

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  delete document.body.dataset.pageReady;
});

afterEach(() => {
  consoleError.mockRestore();
});

function loggedWith(...parts: string[]): boolean {
  return consoleError.mock.calls.some((call) => parts.every((part) => String(call[0]).includes(part)));
}

describe('PageRenderer', () => {
  it('loads a block lazily and renders it with its props', async () => {
    renderInRuntime(
      <PageRenderer
        page={page([{ id: 'hero', type: 'Hero', props: { headline: 'Hallo Welt' } }])}
        registry={testRegistry()}
      />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Hallo Welt' })).toBeTruthy();
    await waitFor(() => expect(document.body.dataset.pageReady).toBe('true'));
  });

  it('shows a visible fallback naming type and id for an unknown type, logs it, and keeps the rest', async () => {
    renderInRuntime(
      <PageRenderer
        page={page([
          { id: 'mystery', type: 'Carousel', props: {} },
          { id: 'text', type: 'TextSection', props: { headline: 'Weiter geht’s' } },
        ])}
        registry={testRegistry()}
      />,
    );
    expect(await screen.findByText(/Unbekannter Baustein „Carousel“ \(Block „mystery“\)/)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Weiter geht’s' })).toBeTruthy();
    expect(loggedWith('Carousel', 'mystery')).toBe(true);
    await waitFor(() => expect(document.body.dataset.pageReady).toBe('true'));
  });

  it('treats a block without a type as unknown', async () => {
    renderInRuntime(<PageRenderer page={page([{ id: 'untyped' }])} registry={testRegistry()} />);
    expect(await screen.findByText(/Block „untyped“/)).toBeTruthy();
  });

  it('contains a block that throws: translated message, console.error with id and type, siblings render', async () => {
    renderInRuntime(
      <PageRenderer
        page={page([
          { id: 'hero', type: 'Hero', props: { headline: 'Oben' } },
          { id: 'broken', type: 'TextSection', props: { headline: 'x' } },
          { id: 'after', type: 'Steps', props: {} },
        ])}
        registry={testRegistry({ TextSection: loaderOf(Broken) })}
      />,
    );
    expect(await screen.findByText(/Dieser Bereich konnte leider nicht angezeigt werden/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Oben' })).toBeTruthy();
    expect(await screen.findByText('plain block')).toBeTruthy();
    expect(loggedWith('"broken"', 'TextSection')).toBe(true);
    await waitFor(() => expect(document.body.dataset.pageReady).toBe('true'));
  });

  it('contains a block whose chunk fails to load: network message (SPEC 8, PSOF0002) and a retry', async () => {
    renderInRuntime(
      <PageRenderer
        page={page([{ id: 'lost', type: 'Steps', props: {} }])}
        registry={testRegistry({ Steps: failingLoader })}
      />,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Netzwerkfehler: Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
    );
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
    expect(loggedWith('"lost"', 'Steps')).toBe(true);
  });

  it('is not ready while a block is still loading, and ready once it has rendered', async () => {
    let release: (module: { default: typeof Plain }) => void = () => {};
    const pending = new Promise<{ default: typeof Plain }>((resolve) => {
      release = resolve;
    });
    const pendingLoader = () => pending;
    renderInRuntime(
      <PageRenderer
        page={page([
          { id: 'fast', type: 'Hero', props: { headline: 'Schnell' } },
          { id: 'slow', type: 'Steps', props: {} },
        ])}
        registry={testRegistry({ Steps: pendingLoader })}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Schnell' })).toBeTruthy();
    expect(document.body.dataset.pageReady).toBe('false');
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    await act(async () => release({ default: Plain }));
    expect(await screen.findByText('plain block')).toBeTruthy();
    await waitFor(() => expect(document.body.dataset.pageReady).toBe('true'));
  });

  it('stays not ready while the caller holds it (content of a new language still loading)', async () => {
    renderInRuntime(
      <PageRenderer
        page={page([{ id: 'hero', type: 'Hero', props: { headline: 'Da' } }])}
        registry={testRegistry()}
        holdReady
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Da' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.body.dataset.pageReady).toBe('false');
  });

  it('is ready at once for a page without blocks', async () => {
    renderInRuntime(<PageRenderer page={page([])} registry={testRegistry()} />);
    await waitFor(() => expect(document.body.dataset.pageReady).toBe('true'));
  });

  it('sets the document title from the page title key and the mandant name', async () => {
    renderInRuntime(<PageRenderer page={page([], 'pages.Faq.title')} registry={testRegistry()} />);
    await waitFor(() => expect(document.title).toBe('Häufige Fragen | Demo Freunde werben'));
  });

  it('uses the mandant name alone when the page has no title', async () => {
    renderInRuntime(<PageRenderer page={{ blocks: [] }} registry={testRegistry()} />);
    await waitFor(() => expect(document.title).toBe('Demo Freunde werben'));
  });

  it('loads a block type once for several instances', async () => {
    const load = vi.fn(async () => ({ default: Section }));
    renderInRuntime(
      <PageRenderer
        page={page([
          { id: 'a', type: 'TextSection', props: { headline: 'Eins' } },
          { id: 'b', type: 'TextSection', props: { headline: 'Zwei' } },
        ])}
        registry={testRegistry({ TextSection: load })}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Zwei' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Eins' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
