import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BREAKPOINTS } from '../../schemas/constants.ts';
import mandantSchema from '../../schemas/mandant.schema.json' with { type: 'json' };

const ROOT = path.resolve(import.meta.dirname, '../..');

function cssFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => path.join(dir, file));
}

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

// Issue 7, theming: tokens become CSS custom properties; no block hard-codes a colour; the SPEC
// breakpoints (xl 1920, lg 1024, md 768, sm 453) are the only ones.
describe('theme tokens', () => {
  it.each(cssFiles('blocks'))('%s uses colour tokens only', (file) => {
    expect(read(file).match(/#[0-9a-fA-F]{3,8}\b|rgba?\(|hsla?\(/g) ?? []).toEqual([]);
  });

  it.each([...cssFiles('blocks'), ...cssFiles('runtime')])('%s uses only SPEC breakpoints', (file) => {
    const widths = [...read(file).matchAll(/@media[^{]*?(?:min|max)-width:\s*(\d+)px/g)].map((m) =>
      Number(m[1]),
    );
    const allowed = Object.values(BREAKPOINTS);
    expect(widths.filter((width) => !allowed.includes(width as (typeof allowed)[number]))).toEqual([]);
  });

  it('base.css defaults are the schema defaults (one palette before and after boot)', () => {
    const css = read('runtime/theme/base.css');
    const colors = mandantSchema.properties.theme.properties.colors.properties as Record<
      string,
      { default: string }
    >;
    for (const [token, { default: value }] of Object.entries(colors)) {
      expect(css, token).toMatch(new RegExp(`--color-${kebab(token)}:\\s*${value}`, 'i'));
    }
  });
});
