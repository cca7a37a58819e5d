import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview.tsx';
import { mandantIds, storyBootData } from '../../.storybook/storyMandants.ts';

type StoryModule = Parameters<typeof composeStories>[0];

/** What the test uses of a composed story (composeStories loses the types for a module known only at run time). */
interface RunnableStory {
  id: string;
  run: (context?: { canvasElement?: HTMLElement; globals?: Record<string, string> }) => Promise<void>;
}

function storiesOf(module: StoryModule): [string, RunnableStory][] {
  return Object.entries(composeStories(module) as unknown as Record<string, RunnableStory>);
}

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
// Load the lazily imported API client, the form and table chunks and every form's precompiled validator once
// up front, so that no story pays for their first import (on a busy machine that alone can outlast a story's
// wait for its fields).
beforeAll(() =>
  Promise.all([
    import('../../runtime/api/client.ts'),
    import('../../runtime/forms/SchemaForm.tsx'),
    import('../../runtime/table/DataTable.tsx'),
    import('ajv-i18n/localize/de'),
    import('virtual:form-validators').then((index) =>
      Promise.all(Object.values(index.default).map((load) => load())),
    ),
  ]),
);

const storyFiles = import.meta.glob<StoryModule>('../../stories/**/*.stories.tsx', { eager: true });

// An i18n key shown instead of its text: `home.hero.title`, `story.cta.button`…
const I18N_KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9-]+)+$/;

function visibleTexts(root: HTMLElement): string[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text) texts.push(text);
  }
  return texts;
}

/** Runs the story (render + play) in a fresh canvas and checks what holds for every story. */
async function runStory(
  run: (context: { canvasElement: HTMLElement }) => Promise<void>,
): Promise<HTMLElement> {
  const canvasElement = document.createElement('div');
  document.body.append(canvasElement);
  await run({ canvasElement });
  expect(canvasElement.textContent?.trim(), 'the story renders something').not.toBe('');
  expect(
    visibleTexts(canvasElement).filter((text) => I18N_KEY.test(text)),
    'untranslated i18n keys',
  ).toEqual([]);
  expect(canvasElement.querySelectorAll('h1').length, 'at most one h1').toBeLessThanOrEqual(1);
  return canvasElement;
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe.each(Object.entries(storyFiles))('%s', (_file, module) => {
  const stories = storiesOf(module);

  it('has stories', () => {
    expect(stories.length).toBeGreaterThan(0);
  });

  it.each(stories)('%s', async (_name, Story) => {
    // Stories of failing and unknown blocks log on purpose; anything else logged is a failure.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await runStory(Story.run);
    if (!Story.id.includes('page-states')) expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('every mandant theme', () => {
  const home = storiesOf(storyFiles['../../stories/Page.stories.tsx'] as StoryModule).find(
    ([name]) => name === 'Home',
  );

  it.each(mandantIds.filter((id) => id !== '_base'))('renders the home page of %s', async (mandant) => {
    const run = home?.[1].run ?? (() => Promise.reject(new Error('Pages/Routed page has no Home story')));
    const canvas = await runStory((context) => run({ ...context, globals: { mandant, language: 'de' } }));
    expect(canvas.querySelector('h1')?.textContent?.length).toBeGreaterThan(3);
    const primary = storyBootData(mandant, 'de').mandant.theme.colors?.primary;
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe(primary?.toLowerCase());
  });
});
