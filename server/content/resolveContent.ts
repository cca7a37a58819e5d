import { joinMoneySpaces } from '../../domain/money.ts';
import {
  type ContentAsset,
  type ContentLinks,
  FOOTNOTE_LINK_PREFIX,
  type Footnote,
  interpolate,
  type RichTextDocument,
  type RichTextElement,
  type RichTextNode,
  type RichTextText,
  ROUTE_LINK_PREFIX,
  sanitizeDocument,
  targetId,
  VARIABLE_LINK_PREFIX,
} from '../../schemas/content.ts';
import { ASSET_ID_PATTERN, type AssetInfo } from './ContentProvider.ts';

/** Something in a text that could not be resolved; the page renders without it and the server logs it once. */
export interface ContentProblem {
  kind: 'variable' | 'footnote' | 'route' | 'link' | 'asset';
  /** The variable name, footnote identifier, route name or link id. */
  name: string;
}

export interface ResolveContext {
  variables: Readonly<Record<string, string>>;
  footnotes: ReadonlyMap<string, Footnote>;
  /** Route names the mandant has a path for. */
  routes: ReadonlySet<string>;
  assetUrl: (id: string) => string;
  report: (problem: ContentProblem) => void;
}

const ENTRY_NODES = new Set(['embedded-entry-inline', 'embedded-entry-block', 'entry-hyperlink']);
const ASSET_NODES = new Set(['embedded-asset-block', 'asset-hyperlink']);

/**
 * A stored rich-text document made ready for the browser: sanitised (schemas/content.ts), {{variables}}
 * and embedded variable entries replaced by their text, and every footnote, route and asset a node points
 * to listed in `links` — the only ids the renderer will follow. Unresolvable ids stay in the document
 * without a link entry: the renderer shows their text or nothing.
 */
export function resolveDocument(
  raw: unknown,
  context: ResolveContext,
  assetInfo: Readonly<Record<string, AssetInfo>> = {},
): { document: RichTextDocument; links: ContentLinks } {
  const links: ContentLinks = { entries: {}, assets: {} };
  const document = sanitizeDocument(raw);
  document.content = resolveChildren(document.content, context, links, assetInfo);
  return { document, links };
}

/**
 * A text with its {{variables}} filled in, and its amounts joined to "€" by a no-break space as formatMoney
 * writes money (issue 18): a CMS editor cannot be asked to type U+00A0.
 */
export function resolveText(text: string, context: ResolveContext): string {
  return joinMoneySpaces(
    interpolate(text, context.variables, (name) => context.report({ kind: 'variable', name })),
  );
}

function resolveChildren(
  nodes: RichTextNode[],
  context: ResolveContext,
  links: ContentLinks,
  assetInfo: Readonly<Record<string, AssetInfo>>,
): RichTextNode[] {
  return nodes.map((node) => resolveNode(node, context, links, assetInfo));
}

function resolveNode(
  node: RichTextNode,
  context: ResolveContext,
  links: ContentLinks,
  assetInfo: Readonly<Record<string, AssetInfo>>,
): RichTextNode {
  if (node.nodeType === 'text') {
    const textNode = node as RichTextText;
    return { ...textNode, value: resolveText(textNode.value, context) };
  }
  const element = node as RichTextElement;
  const id = targetId(element);
  if (id !== undefined && ENTRY_NODES.has(element.nodeType)) {
    if (id.startsWith(VARIABLE_LINK_PREFIX) && element.nodeType !== 'entry-hyperlink') {
      return variableText(id.slice(VARIABLE_LINK_PREFIX.length), context);
    }
    linkEntry(id, context, links);
  } else if (id !== undefined && ASSET_NODES.has(element.nodeType)) {
    linkAsset(id, context, links, assetInfo[id]);
  }
  return { ...element, content: resolveChildren(element.content, context, links, assetInfo) };
}

function variableText(name: string, context: ResolveContext): RichTextNode {
  const value = Object.hasOwn(context.variables, name) ? context.variables[name] : undefined;
  if (value === undefined) context.report({ kind: 'variable', name });
  return { nodeType: 'text', value: joinMoneySpaces(value ?? ''), marks: [], data: {} };
}

function linkEntry(id: string, context: ResolveContext, links: ContentLinks): void {
  if (id.startsWith(FOOTNOTE_LINK_PREFIX)) {
    const identifier = id.slice(FOOTNOTE_LINK_PREFIX.length);
    const footnote = context.footnotes.get(identifier);
    if (footnote) links.entries[id] = { type: 'footnote', footnote };
    else context.report({ kind: 'footnote', name: identifier });
    return;
  }
  if (id.startsWith(ROUTE_LINK_PREFIX)) {
    const route = id.slice(ROUTE_LINK_PREFIX.length);
    if (context.routes.has(route)) links.entries[id] = { type: 'route', route };
    else context.report({ kind: 'route', name: route });
    return;
  }
  context.report({ kind: 'link', name: id });
}

function linkAsset(
  id: string,
  context: ResolveContext,
  links: ContentLinks,
  info: AssetInfo | undefined,
): void {
  if (!ASSET_ID_PATTERN.test(id)) {
    context.report({ kind: 'asset', name: id });
    return;
  }
  const asset: ContentAsset = { id, url: context.assetUrl(id), ...info };
  links.assets[id] = asset;
}

/** Footnotes by Identifier, for lookups while resolving. */
export function footnoteIndex(footnotes: readonly Footnote[]): Map<string, Footnote> {
  return new Map(footnotes.map((footnote) => [footnote.Identifier, footnote]));
}
