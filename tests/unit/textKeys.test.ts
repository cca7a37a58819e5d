import { describe, expect, it } from 'vitest';
import { contrastRatio, themeContrastProblems } from '../../domain/contrast.ts';
import { blockPropsSchemas } from '../../schemas/blocks/index.ts';
import { collectTextKeys } from '../../schemas/blocks/textKeys.ts';

describe('collectTextKeys', () => {
  it('finds text keys in nested objects and arrays, not routes or image sources', () => {
    const keys = collectTextKeys(blockPropsSchemas.Hero, {
      headline: 'h.headline',
      text: 'h.text',
      cta: { label: 'h.cta', route: 'Faq' },
      image: { src: 'hero.jpg', alt: 'h.alt' },
    });
    expect(keys.sort()).toEqual(['h.alt', 'h.cta', 'h.headline', 'h.text']);
  });

  it('walks array items', () => {
    const keys = collectTextKeys(blockPropsSchemas.Steps, {
      headline: 's',
      steps: [
        { title: 's.1', text: 's.1.text' },
        { title: 's.2', text: 's.2.text' },
      ],
    });
    expect(keys).toEqual(['s', 's.1', 's.1.text', 's.2', 's.2.text']);
  });
});

describe('theme contrast (WCAG 2.1 AA)', () => {
  it('computes contrast ratios', () => {
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
  });

  it('reports pairs below the minimum and unset tokens', () => {
    const problems = themeContrastProblems({ text: '#777777', background: '#FFFFFF' });
    expect(problems).toContainEqual(
      expect.objectContaining({ foreground: 'text', background: 'background' }),
    );
    expect(problems).toContainEqual(expect.objectContaining({ foreground: 'muted', missing: 'muted' }));
  });
});
