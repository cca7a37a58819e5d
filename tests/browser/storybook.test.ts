import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from '../../schemas/blocks/index.ts';
import { axeViolations, launchChromium, openPage, SWEEP_TIMEOUT_MS } from '../support/browser.ts';
import { inPool } from '../support/pool.ts';
import { REPO_ROOT } from '../support/server.ts';

/**
 * Issue 7: every story passes axe (WCAG 2.1 A/AA) in a real browser, and every block has a docs page.
 * Runs against the static Storybook that `npm test` builds (`npm run build-storybook`).
 */
const STORYBOOK_DIR = path.join(REPO_ROOT, 'storybook-static');

interface IndexEntry {
  id: string;
  type: 'story' | 'docs';
  title: string;
  name: string;
}

function storybookIndex(): IndexEntry[] {
  const file = path.join(STORYBOOK_DIR, 'index.json');
  if (!existsSync(file))
    throw new Error('Storybook is not built: run `npm run build-storybook` first (npm test does).');
  return Object.values(
    (JSON.parse(readFileSync(file, 'utf8')) as { entries: Record<string, IndexEntry> }).entries,
  );
}

let server: FastifyInstance;
let baseUrl: string;
let browser: Browser;
const entries = storybookIndex();
const PAGES_AT_ONCE = 3;
const STORY_TIMEOUT_MS = 30_000;

/**
 * Shows a story in a loaded preview through Storybook's channel (as its manager does) and resolves with
 * the status of STORY_FINISHED — rendered and played — or 'timeout'. On the preview's first story the
 * event may already have passed: the story is shown again (a re-render), which finishes anew.
 */
function showStory(page: Page, storyId: string): Promise<string> {
  return page.evaluate(
    ({ id, timeoutMs }) =>
      new Promise<string>((resolve) => {
        interface Channel {
          on: (event: string, listener: (payload: { storyId?: string; status?: string }) => void) => void;
          off: (event: string, listener: (payload: { storyId?: string; status?: string }) => void) => void;
          emit: (event: string, payload: unknown) => void;
        }
        const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel })
          .__STORYBOOK_ADDONS_CHANNEL__;
        const finished = (payload: { storyId?: string; status?: string }) => {
          if (payload.storyId !== id) return;
          clearTimeout(timer);
          channel.off('storyFinished', finished);
          resolve(payload.status ?? 'unknown');
        };
        const timer = setTimeout(() => {
          channel.off('storyFinished', finished);
          resolve('timeout');
        }, timeoutMs);
        channel.on('storyFinished', finished);
        channel.emit('setCurrentStory', { storyId: id, viewMode: 'story' });
      }),
    { id: storyId, timeoutMs: STORY_TIMEOUT_MS },
  );
}

beforeAll(async () => {
  server = Fastify();
  await server.register(fastifyStatic, { root: STORYBOOK_DIR });
  baseUrl = await server.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Storybook', () => {
  it('every block has stories and a docs page generated from its props schema', () => {
    for (const type of BLOCK_TYPES) {
      const ofBlock = entries.filter((entry) => entry.title === `Blocks/${type}`);
      expect(
        ofBlock.some((entry) => entry.type === 'story'),
        `stories of ${type}`,
      ).toBe(true);
      expect(
        ofBlock.some((entry) => entry.type === 'docs'),
        `docs page of ${type}`,
      ).toBe(true);
    }
  });

  // Console errors are checked per story in tests/stories (some stories show error states on purpose).
  it('every story renders and plays in Chromium with 0 axe violations', {
    timeout: SWEEP_TIMEOUT_MS,
  }, async () => {
    const stories = entries.filter((entry) => entry.type === 'story');
    // A few pages at once, each loading the preview once and then switching stories the way Storybook's
    // own UI does: reloading the preview for every story costs more than the check itself.
    const pages = await Promise.all(Array.from({ length: PAGES_AT_ONCE }, () => openPage(browser)));
    const slots = pages.map(({ page }) => ({ page, loaded: false }));
    const problems = await inPool(stories, slots, async (story, slot) => {
      if (!slot.loaded) {
        await slot.page.goto(`${baseUrl}/iframe.html?id=${story.id}&viewMode=story`);
        slot.loaded = true;
      }
      const status = await showStory(slot.page, story.id);
      // A story that did not finish leaves the preview in an unknown state: the next one reloads it.
      if (status !== 'success') slot.loaded = false;
      const axe = status === 'timeout' ? [] : await axeViolations(slot.page);
      return [
        ...(status === 'success' ? [] : [`${story.id}: play ${status}`]),
        ...axe.map((violation) => `${story.id}: ${violation}`),
      ];
    });
    await Promise.all(pages.map(({ page }) => page.context().close()));
    expect(problems.flat()).toEqual([]);
  });

  it("a block's docs page lists its props with the schema's meaning", async () => {
    const { page } = await openPage(browser);
    await page.goto(`${baseUrl}/iframe.html?id=blocks-hero--docs&viewMode=docs`);
    const table = page.locator('.docblock-argstable').first();
    await table.waitFor({ timeout: 30_000 });
    const text = await table.textContent();
    expect(text).toContain('headline');
    expect(text).toContain('Text: an i18n key, translated in the current language.');
    // The Hero's actions lead to a route or to a section of the page (`section`, issue 12).
    expect(text).toContain('{ label: i18n key; route: route name; params: route params;');
    await page.context().close();
  });
});
