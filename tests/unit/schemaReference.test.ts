import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import mandantSchema from '../../schemas/mandant.schema.json' with { type: 'json' };
import { renderSchemaReference } from '../../server/cli/schemaReference.ts';

type Node = { title?: string; description?: string; properties?: Record<string, Node> };

describe('mandant schema as documentation (issue 7)', () => {
  it('docs/mandant-reference.md is generated from the current schema (run `npm run docs`)', () => {
    expect(readFileSync('docs/mandant-reference.md', 'utf8')).toBe(renderSchemaReference(mandantSchema));
  });

  it('every top-level setting has a title, a description and a default', () => {
    const missing = Object.entries(mandantSchema.properties as Record<string, Node & { default?: unknown }>)
      // Optional settings whose absence is the default: no pre-page, no agency or back-office single sign-on.
      .filter(([name]) => !['$schema', 'ForcedLoginPrePage', 'agencySso', 'backofficeSso'].includes(name))
      .filter(([, node]) => !node.title || !node.description || node.default === undefined)
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });
});
