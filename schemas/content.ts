/**
 * The content model (SPEC section 3, Content) and the wire shapes of the content calls, shared by server
 * and runtime. Rich text travels as a Contentful rich-text document; `links` carries what its embedded
 * entries and assets point to (the shape of Contentful's GraphQL `links`), already resolved by the server.
 */

export interface RichTextMark {
  type: string;
}

export interface RichTextText {
  nodeType: 'text';
  value: string;
  marks: RichTextMark[];
  data: Record<string, unknown>;
}

export interface RichTextElement {
  nodeType: string;
  data: Record<string, unknown>;
  content: RichTextNode[];
}

export type RichTextNode = RichTextText | RichTextElement;

export interface RichTextDocument extends RichTextElement {
  nodeType: 'document';
}

/** SPEC section 3: a footnote, looked up by Identifier. */
export interface Footnote {
  Id: number;
  Identifier: string;
  Gruppe: string;
  Titel: string;
  Inhalt: string;
}

/** SPEC section 3: a variable (name, value), used inside texts as {{name}}. */
export interface ContentVariable {
  name: string;
  value: string;
}

/** An image or file; `url` is always on our server (/api/v1/{mandant}/content/assets/{id}). */
export interface ContentAsset {
  id: string;
  url: string;
  title?: string;
  description?: string;
  contentType?: string;
  width?: number;
  height?: number;
}

/** What an embedded entry or entry hyperlink points to, after the server resolved it. */
export type ContentLink = { type: 'footnote'; footnote: Footnote } | { type: 'route'; route: string };

export interface ContentLinks {
  entries: Record<string, ContentLink>;
  assets: Record<string, ContentAsset>;
}

/** GET /content/entries/{id}: a page of text (imprint, privacy, …). */
export interface ContentEntryResponse {
  id: string;
  title: string;
  body: RichTextDocument;
  links: ContentLinks;
}

export interface FaqCategory {
  id: string;
  title: string;
}

export interface FaqItem {
  id: string;
  category: string;
  question: string;
  answer: RichTextDocument;
}

/** GET /content/faq: categories in display order, items in display order within their category. */
export interface FaqResponse {
  categories: FaqCategory[];
  items: FaqItem[];
  links: ContentLinks;
}

/** GET /content/keyvisuals/{id} */
export interface KeyVisualResponse {
  id: string;
  headline: string;
  text?: string;
  image?: ContentAsset & { alt: string };
  cta?: { label: string; route: string };
}

/** The kinds of link id an embedded entry may carry in stored content (providers map theirs to these). */
export const FOOTNOTE_LINK_PREFIX = 'footnote:';
export const ROUTE_LINK_PREFIX = 'route:';
export const VARIABLE_LINK_PREFIX = 'variable:';

/** {{name}} inside a text; names as in variables.json. */
export const VARIABLE_PLACEHOLDER = /\{\{\s*([a-zA-Z][a-zA-Z0-9._-]{0,63})\s*\}\}/g;

/** Ids of entries, FAQ items, key visuals, footnote identifiers. */
export const CONTENT_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Replaces every {{name}}; an undefined name becomes '' and is reported through `onMissing`. */
export function interpolate(
  text: string,
  variables: Readonly<Record<string, string>>,
  onMissing: (name: string) => void,
): string {
  return text.replace(VARIABLE_PLACEHOLDER, (_match, name: string) => {
    const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
    if (value === undefined) {
      onMissing(name);
      return '';
    }
    return value;
  });
}

/** Only these leave the page from rich text; anything else (javascript:, data:, //host) renders as text. */
export function isSafeUri(uri: unknown): uri is string {
  return typeof uri === 'string' && /^(https?:\/\/|mailto:|tel:)[^\s]*$/i.test(uri.trim());
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Rich text nests; a CMS answer nesting deeper than this is cut off there, never followed. */
const MAX_DEPTH = 32;

/**
 * A well-formed copy of whatever arrived as rich text: every node an object with `nodeType`, texts with a
 * string `value` and `marks`, elements with `data` and `content`. Malformed parts are dropped, so that the
 * renderer never meets a shape it would crash on; unknown node types are kept (the renderer shows their
 * text or nothing). Answers an empty document for anything that is not a document.
 */
export function sanitizeDocument(value: unknown): RichTextDocument {
  const empty: RichTextDocument = { nodeType: 'document', data: {}, content: [] };
  if (!isObject(value) || value.nodeType !== 'document') return empty;
  return { nodeType: 'document', data: {}, content: sanitizeChildren(value.content, 1) };
}

function sanitizeChildren(value: unknown, depth: number): RichTextNode[] {
  if (!Array.isArray(value) || depth > MAX_DEPTH) return [];
  return value.flatMap((child) => {
    const node = sanitizeNode(child, depth);
    return node ? [node] : [];
  });
}

function sanitizeNode(value: unknown, depth: number): RichTextNode | undefined {
  if (!isObject(value) || typeof value.nodeType !== 'string') return undefined;
  const data = isObject(value.data) ? sanitizeData(value.data) : {};
  if (value.nodeType === 'text') {
    if (typeof value.value !== 'string') return undefined;
    const marks = Array.isArray(value.marks)
      ? value.marks.filter((mark): mark is RichTextMark => isObject(mark) && typeof mark.type === 'string')
      : [];
    return { nodeType: 'text', value: value.value, marks: marks.map((mark) => ({ type: mark.type })), data };
  }
  if (value.nodeType === 'document') return undefined;
  return { nodeType: value.nodeType, data, content: sanitizeChildren(value.content, depth + 1) };
}

/**
 * Keeps what renderers read — a link's uri (only http(s), mailto and tel) and target id — and drops
 * everything else a CMS may put in data.
 */
function sanitizeData(data: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (isSafeUri(data.uri)) result.uri = data.uri.trim();
  const sys = isObject(data.target) && isObject(data.target.sys) ? data.target.sys : undefined;
  if (sys && typeof sys.id === 'string') {
    result.target = {
      sys: {
        type: 'Link',
        linkType: sys.linkType === 'Asset' ? 'Asset' : 'Entry',
        id: sys.id,
      },
    };
  }
  return result;
}

/** The link id of an embedded entry/asset node, if it has one. */
export function targetId(node: RichTextNode): string | undefined {
  const target = isObject(node.data) ? node.data.target : undefined;
  if (!isObject(target) || !isObject(target.sys)) return undefined;
  return typeof target.sys.id === 'string' ? target.sys.id : undefined;
}

/** Plain text of a node and its children (search, accessible names, fallbacks). */
export function plainText(node: RichTextNode): string {
  if (node.nodeType === 'text') return (node as RichTextText).value;
  return (node as RichTextElement).content.map(plainText).join(node.nodeType === 'document' ? '\n' : '');
}
