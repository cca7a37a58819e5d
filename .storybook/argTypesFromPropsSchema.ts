import type { ArgTypesEnhancer } from 'storybook/internal/types';
import { blockPropsSchemas, isBlockType } from '../schemas/blocks/index.ts';

type SchemaNode = {
  type?: string;
  description?: string;
  enum?: readonly unknown[];
  default?: unknown;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  required?: readonly string[];
};

/**
 * Storybook's props table for a block, from the block's props schema (schemas/blocks) instead of the
 * TypeScript types, which react-docgen cannot read through `FromSchema`. Text props are i18n keys.
 */
export const argTypesFromPropsSchema: ArgTypesEnhancer = (context) => {
  // The title, not the component's name: production builds rename functions.
  const name = context.title.startsWith('Blocks/') ? context.title.slice('Blocks/'.length) : undefined;
  if (!name || !isBlockType(name)) return context.argTypes;
  const schema = blockPropsSchemas[name] as SchemaNode;
  const required = new Set(schema.required ?? []);
  const argTypes = { ...context.argTypes };
  for (const [prop, node] of Object.entries(schema.properties ?? {})) {
    argTypes[prop] = {
      ...argTypes[prop],
      name: prop,
      description: describe(node),
      type: { name: 'other', value: summary(node), required: required.has(prop) },
      table: {
        type: { summary: summary(node) },
        ...(node.default !== undefined ? { defaultValue: { summary: JSON.stringify(node.default) } } : {}),
      },
      ...(node.enum
        ? { options: [...node.enum], control: { type: 'select' } }
        : { control: { type: 'object' } }),
    };
  }
  return argTypes;
};

function summary(node: SchemaNode): string {
  if (node.enum) return node.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (node.type === 'array') return `${summary(node.items ?? {})}[]`;
  if (node.type === 'object' && node.properties) {
    return `{ ${Object.entries(node.properties)
      .map(([key, child]) => `${key}: ${summary(child)}`)
      .join('; ')} }`;
  }
  if (node.description === 'i18n key') return 'i18n key';
  if (node.description === 'a route name') return 'route name';
  if (node.description === 'values of the route path parameters') return 'route params';
  return node.type ?? 'unknown';
}

function describe(node: SchemaNode): string {
  if (node.description === 'i18n key') return 'Text: an i18n key, translated in the current language.';
  if (node.description === 'a route name') return 'Link target: a route name of the mandant.';
  return node.description ?? '';
}
