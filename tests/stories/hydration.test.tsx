import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { act, type ComponentType, createElement, Fragment } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview.tsx';
import { withoutBrowserGlobals } from '../support/serverGlobals.ts';
import { preloadStoryChunks } from '../support/storyChunks.ts';

/**
 * Every story rendered as the server renders the first paint, then hydrated as the browser does
 * (DESIGN.md, "How a page comes to the screen", step 6). The server pass runs without window, document,
 * navigator or storage and waits for lazy blocks and suspending data (`prerender`); the browser pass puts
 * that HTML into the document and hydrates it with the same story, and must neither log a mismatch nor
 * fall back to rendering on the client. Then the page is loaded once more: the browser keeps what the
 * blocks stored (storage, cookies), which the server does not see, and the hydration must hold again.
 * Play functions do not run here: stories.test.tsx covers interaction.
 */

type StoryModule = Parameters<typeof composeStories>[0];

/** What the test uses of a composed story: it is a component, and `load` runs its loaders and beforeEach. */
type RenderableStory = ComponentType & { id: string; load: () => Promise<void> };

function storiesOf(module: StoryModule): [string, RenderableStory][] {
  return Object.entries(composeStories(module) as unknown as Record<string, RenderableStory>);
}

/**
 * The stories that report an error on purpose, with the reason. Every other story renders on the server
 * without an error and hydrates without a warning; a listed story must report its error (the list cannot
 * outlive the reason). No story is excluded from the server render.
 */
const EXPECTED_ERRORS: Readonly<Record<string, { reason: string; error: RegExp }>> = {
  // How a page degrades when one block throws while rendering: on the server the block's Suspense boundary
  // sends its skeleton, and the browser renders the block (and its error notice) itself.
  'pages-page-states--failing-block': {
    reason: 'a block that throws on purpose',
    error: /This block fails on purpose/,
  },
  // How a page shows a block type that is not in the registry: the notice is logged for the developer.
  'pages-page-states--unknown-block-type': {
    reason: 'an unknown block type, logged on purpose',
    error: /^Unknown block type "Carousel"/,
  },
};

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
// The lazily imported chunks, loaded once up front: the browser that hydrates has evaluated them, and the
// top level of a module is not what this test checks.
beforeAll(preloadStoryChunks);

const storyFiles = import.meta.glob<StoryModule>('../../stories/**/*.stories.tsx', { eager: true });

/** An error as one line, with the first frame of our own code when it has a stack. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const ownFrame = error.stack
    ?.split('\n')
    .find((line) => /\/(blocks|runtime|stories|\.storybook)\//.test(line) && !line.includes('node_modules'));
  return `${error.name}: ${error.message}${ownFrame ? ` (${ownFrame.trim()})` : ''}`;
}

/** How long the server waits for data before it sends what it has (the rest is rendered in the browser). */
const SERVER_RENDER_LIMIT_MS = 10_000;

/** The story's HTML as the server sends it, and every error the render reported. */
async function renderOnServer(Story: RenderableStory): Promise<{ html: string; errors: string[] }> {
  const errors: string[] = [];
  let html = '';
  try {
    html = await withoutBrowserGlobals(async () => {
      const { prelude } = await prerender(createElement(Story), {
        signal: AbortSignal.timeout(SERVER_RENDER_LIMIT_MS),
        onError: (error) => {
          errors.push(describeError(error));
        },
      });
      return new Response(prelude).text();
    });
  } catch (error) {
    // Outside every Suspense boundary an error ends the whole render.
    errors.push(describeError(error));
  }
  // React's server renderer leaves the context values of the task it resumed last in the context objects
  // (on a server nothing else reads them); the browser renderer would take them for defaults (a story's
  // router would find itself "inside another router"). An empty render switches them back.
  await prerender(createElement(Fragment));
  return { html, errors };
}

/** Lets timers, lazy imports and data settle inside act, until the DOM stays the same for a few rounds. */
async function settle(container: HTMLElement): Promise<void> {
  let last = '';
  let stableRounds = 0;
  for (let round = 0; round < 300 && stableRounds < 5; round += 1) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    const now = container.innerHTML;
    stableRounds = now === last ? stableRounds + 1 : 0;
    last = now;
  }
}

/**
 * React's server renderer marks every context it provided as its own and never clears the mark, so the
 * browser renderer that hydrates next in the same process warns about two renderers. A real server and
 * browser are two processes; the warning says nothing about the story.
 */
const SAME_PROCESS_ARTIFACT = /^Detected multiple renderers concurrently rendering the same context provider/;

let root: Root | undefined;

async function unmount(): Promise<void> {
  const mounted = root;
  root = undefined;
  if (mounted) await act(() => mounted.unmount());
}

/** What went wrong in one visit: server errors, hydration errors, errors logged while hydrating. */
interface Visit {
  html: string;
  serverErrors: string[];
  recoverableErrors: string[];
  logged: string[];
}

/** One page load: the server renders the story, the browser hydrates that HTML and settles. */
async function visit(Story: RenderableStory): Promise<Visit> {
  const server = await renderOnServer(Story);
  const result: Visit = { html: server.html, serverErrors: server.errors, recoverableErrors: [], logged: [] };
  if (!server.html) return result;

  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const entry = args.map((arg) => (typeof arg === 'string' ? arg : describeError(arg))).join(' ');
    if (!SAME_PROCESS_ARTIFACT.test(entry)) result.logged.push(entry);
  });
  const container = document.createElement('div');
  container.innerHTML = server.html;
  document.body.append(container);
  try {
    await act(async () => {
      root = hydrateRoot(container, createElement(Story), {
        onRecoverableError: (error) => {
          result.recoverableErrors.push(describeError(error));
        },
      });
    });
    await settle(container);
    await unmount();
  } finally {
    consoleError.mockRestore();
    container.remove();
  }
  return result;
}

/** The browser's memory, emptied between stories (within a story it survives the reload). */
function forgetBrowserState(): void {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: removing whatever cookies a story's blocks set
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

afterEach(async () => {
  await unmount();
  vi.restoreAllMocks();
  document.body.replaceChildren();
  forgetBrowserState();
});

function expectClean(id: string, pass: string, result: Visit, expected: RegExp | undefined): void {
  const unexpected = (list: string[]) => list.filter((entry) => !expected?.test(entry));
  expect(unexpected(result.serverErrors), `${id} (${pass}): errors while rendering on the server`).toEqual(
    [],
  );
  expect(result.html, `${id} (${pass}): the server renders the story`).not.toBe('');
  expect(
    unexpected(result.recoverableErrors),
    `${id} (${pass}): the browser could not hydrate the server's HTML`,
  ).toEqual([]);
  // Hydration mismatches of attributes and text are logged, not thrown; any other error logged fails too.
  expect(unexpected(result.logged), `${id} (${pass}): errors logged while hydrating`).toEqual([]);
}

describe.each(Object.entries(storyFiles))('%s', (_file, module) => {
  const stories = storiesOf(module);

  it.each(stories)('%s renders on the server and hydrates without a mismatch', async (_name, Story) => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const expected = EXPECTED_ERRORS[Story.id];
    await Story.load();

    const first = await visit(Story);
    expectClean(Story.id, 'first visit', first, expected?.error);
    const reload = await visit(Story);
    expectClean(Story.id, 'reload', reload, expected?.error);

    if (expected) {
      const reported = [first, reload].flatMap((pass) => [
        ...pass.serverErrors,
        ...pass.recoverableErrors,
        ...pass.logged,
      ]);
      expect(
        reported.some((entry) => expected.error.test(entry)),
        `${Story.id} is listed for ${expected.reason}, but reported no such error`,
      ).toBe(true);
    }
  });
});
