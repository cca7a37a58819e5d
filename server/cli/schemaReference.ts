/**
 * Renders schemas/mandant.schema.json as the reference page docs/mandant-reference.md, so onboarding staff
 * read the same titles, descriptions and defaults their editor shows. `npm run docs` rewrites it;
 * tests/unit/schemaReference.test.ts fails when the committed page is stale.
 */
type SchemaNode = {
  title?: string;
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  pattern?: string;
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
};

const BANNER = '<!-- Generated from schemas/mandant.schema.json by `npm run docs`. Do not edit by hand. -->';

export function renderSchemaReference(schema: SchemaNode): string {
  const lines = [
    BANNER,
    '',
    `# ${schema.title ?? 'Mandant configuration'}`,
    '',
    schema.description ?? '',
    '',
    "Every setting is optional in a mandant's `mandant.json`; what it leaves out comes from",
    '`mandants/_base/mandant.json`, then from the defaults below. Validate with `npm run mandant -- validate`.',
    '',
    '| setting | type | default | meaning |',
    '|---|---|---|---|',
  ];
  for (const [name, node] of Object.entries(schema.properties ?? {})) {
    if (name === '$schema') continue;
    rows(name, node, lines);
  }
  return `${lines.join('\n')}\n`;
}

function rows(pointer: string, node: SchemaNode, lines: string[]): void {
  const meaning = [node.title, node.description].filter(Boolean).join(' — ');
  lines.push(`| \`${pointer}\` | ${typeOf(node)} | ${defaultOf(node)} | ${escapeCell(meaning)} |`);
  for (const [name, child] of Object.entries(node.properties ?? {})) rows(`${pointer}.${name}`, child, lines);
}

function typeOf(node: SchemaNode): string {
  if (node.enum) return node.enum.map((value) => `\`${JSON.stringify(value)}\``).join(' \\| ');
  const type = Array.isArray(node.type) ? node.type.join(' \\| ') : (node.type ?? 'any');
  if (type === 'array' && node.items) return `array of ${typeOf(node.items)}`;
  if (type === 'integer' && node.minimum !== undefined) return `integer ≥ ${node.minimum}`;
  if (type === 'object' && typeof node.additionalProperties === 'object') {
    return `map of ${typeOf(node.additionalProperties)}`;
  }
  return type;
}

function defaultOf(node: SchemaNode): string {
  if (node.default === undefined) return '—';
  const text = JSON.stringify(node.default);
  return text.length > 40 ? `\`${text.slice(0, 37)}…\`` : `\`${text}\``;
}

function escapeCell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}
