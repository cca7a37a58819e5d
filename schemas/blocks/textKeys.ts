import { textKey } from './common.ts';

type Schema = { [key: string]: unknown };

/**
 * The i18n keys inside a block's props: every value whose schema is `textKey` (schemas/blocks/common.ts),
 * found by walking props and schema together. Lets the loader check that each key has a text in every
 * offered language.
 */
export function collectTextKeys(schema: unknown, value: unknown, found: string[] = []): string[] {
  if (schema === textKey) {
    if (typeof value === 'string') found.push(value);
    return found;
  }
  if (typeof schema !== 'object' || schema === null) return found;
  const node = schema as Schema;
  if (Array.isArray(value) && node.items !== undefined) {
    for (const item of value) collectTextKeys(node.items, item, found);
  } else if (typeof value === 'object' && value !== null && typeof node.properties === 'object') {
    const properties = node.properties as Schema;
    for (const [key, child] of Object.entries(value)) collectTextKeys(properties[key], child, found);
  }
  return found;
}
