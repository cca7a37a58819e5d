import { describe, expect, it } from 'vitest';
import { deepMerge, MergeError, mergePage, type PageFile } from '../../domain/merge.ts';

// The inheritance rule of mandants/README.md: objects merge, arrays and scalars replace,
// page blocks merge by id, `remove` drops one, `before`/`after` place a new one.
describe('deepMerge (mandant.json over _base/mandant.json)', () => {
  it.each([
    ['scalar replaces', { a: 1 }, { a: 2 }, { a: 2 }],
    ['objects merge key by key', { t: { a: 1, b: 2 } }, { t: { b: 3 } }, { t: { a: 1, b: 3 } }],
    ['arrays replace, never concatenate', { l: [1, 2, 3] }, { l: [4] }, { l: [4] }],
    ['new keys are added', { a: 1 }, { b: 2 }, { a: 1, b: 2 }],
    ['object replaces scalar', { a: 1 }, { a: { x: 1 } }, { a: { x: 1 } }],
    ['null replaces an object', { a: { x: 1 } }, { a: null }, { a: null }],
  ])('%s', (_name, base, override, expected) => {
    expect(deepMerge(base, override)).toEqual(expected);
  });

  it('leaves its inputs untouched', () => {
    const base = { theme: { colors: { primary: '#000000' } } };
    deepMerge(base, { theme: { colors: { primary: '#ffffff' } } });
    expect(base.theme.colors.primary).toBe('#000000');
  });
});

const base: PageFile = {
  title: 'home.title',
  blocks: [
    { id: 'hero', type: 'Hero', props: { headline: 'base.hero', cta: { label: 'go', route: 'Login' } } },
    { id: 'steps', type: 'Steps', props: { headline: 'base.steps', steps: [{ title: 'a', text: 'b' }] } },
    { id: 'cta', type: 'CallToAction', props: { headline: 'x', button: { label: 'y', route: 'Homepage' } } },
  ],
};

describe('mergePage (pages/NAME.json over _base/pages/NAME.json)', () => {
  it('without an override the base page is used', () => {
    expect(mergePage(base, undefined)).toEqual(base);
  });

  it('without a base page the override is the page', () => {
    const page = mergePage(undefined, { blocks: [{ id: 'a', type: 'Hero', props: { headline: 'h' } }] });
    expect(page.blocks?.map((b) => b.id)).toEqual(['a']);
  });

  it('a block with a known id merges its props and keeps its place', () => {
    const page = mergePage(base, { blocks: [{ id: 'hero', props: { headline: 'own.hero' } }] });
    expect(page.blocks?.map((b) => b.id)).toEqual(['hero', 'steps', 'cta']);
    expect(page.blocks?.[0]).toEqual({
      id: 'hero',
      type: 'Hero',
      props: { headline: 'own.hero', cta: { label: 'go', route: 'Login' } },
    });
  });

  it('arrays inside props replace', () => {
    const page = mergePage(base, {
      blocks: [{ id: 'steps', props: { steps: [{ title: 'c', text: 'd' }] } }],
    });
    expect(page.blocks?.[1]?.props).toEqual({ headline: 'base.steps', steps: [{ title: 'c', text: 'd' }] });
  });

  it('remove: true drops the inherited block', () => {
    const page = mergePage(base, { blocks: [{ id: 'steps', remove: true }] });
    expect(page.blocks?.map((b) => b.id)).toEqual(['hero', 'cta']);
  });

  it('a new block goes after / before the named block, or to the end', () => {
    const page = mergePage(base, {
      blocks: [
        { id: 'grid', type: 'TeaserGrid', props: { items: [{ title: 't' }] }, after: 'hero' },
        { id: 'intro', type: 'TextSection', props: { headline: 'h', paragraphs: [] }, before: 'hero' },
        { id: 'tail', type: 'TextSection', props: { headline: 'h', paragraphs: [] } },
      ],
    });
    expect(page.blocks?.map((b) => b.id)).toEqual(['intro', 'hero', 'grid', 'steps', 'cta', 'tail']);
    expect(page.blocks?.every((b) => !('after' in b) && !('before' in b))).toBe(true);
  });

  it('an inherited block can be moved with before/after', () => {
    const page = mergePage(base, { blocks: [{ id: 'cta', after: 'hero' }] });
    expect(page.blocks?.map((b) => b.id)).toEqual(['hero', 'cta', 'steps']);
  });

  it('page-level keys merge like objects', () => {
    expect(mergePage(base, { title: 'own.title' }).title).toBe('own.title');
    expect(mergePage(base, { access: 'user' }).access).toBe('user');
  });

  it.each([
    ['removing an unknown id', { blocks: [{ id: 'nope', remove: true }] }, '/blocks/0'],
    ['a new block without a type', { blocks: [{ id: 'new', props: {} }] }, '/blocks/0'],
    [
      'an anchor that does not exist',
      { blocks: [{ id: 'new', type: 'Hero', after: 'nope' }] },
      '/blocks/0/after',
    ],
  ])('%s is a MergeError with a pointer', (_name, override, pointer) => {
    let caught: unknown;
    try {
      mergePage(base, override as PageFile);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(MergeError);
    expect((caught as MergeError).pointer).toBe(pointer);
  });
});
