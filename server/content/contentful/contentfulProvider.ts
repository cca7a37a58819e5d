import { FOOTNOTE_LINK_PREFIX, ROUTE_LINK_PREFIX, VARIABLE_LINK_PREFIX } from '../../../schemas/content.ts';
import { ContentFormatError } from '../ContentErrors.ts';
import {
  type AssetInfo,
  type ContentKind,
  type ContentKinds,
  type ContentProvider,
  isCmsImageType,
  MAX_ASSET_BYTES,
} from '../ContentProvider.ts';
import {
  type FieldReader,
  type Report,
  toAgencyVariables,
  toEntries,
  toFaq,
  toFootnotes,
  toKeyVisuals,
  toLanguages,
  toTexts,
  toVariables,
} from '../cmsMapping.ts';
import { integer, isRecord, list, text } from '../cmsValues.ts';
import { providerFetch, providerJson, trimBase } from '../providerHttp.ts';

export const CONTENTFUL_DEFAULT_URL = 'https://cdn.contentful.com';

export interface ContentfulSettings {
  /** Content Delivery API base URL (default https://cdn.contentful.com; tests point it at a stand-in). */
  url: string;
  space: string;
  environment: string;
  /** The Content Delivery API access token (from the environment variable the mandant names). */
  token: string;
  /** Our language code → Contentful locale code (e.g. de → de-DE); unlisted languages are used as is. */
  locales: Readonly<Record<string, string>>;
  report: Report;
}

/** Content type ids (server/content/README.md). */
const TYPES = {
  page: 'page',
  faqCategory: 'faqCategory',
  faqItem: 'faqItem',
  keyVisual: 'keyVisual',
  footnote: 'footnote',
  variable: 'variable',
  agencyVariable: 'agencyVariable',
  languageText: 'languageText',
  routeLink: 'routeLink',
} as const;

interface Collection {
  items: unknown[];
  entries: Map<string, unknown>;
  assets: Map<string, unknown>;
}

/**
 * Contentful's Content Delivery API: `GET /spaces/{space}/environments/{env}/entries?content_type=…&locale=…`
 * with a Bearer token, linked entries and assets from `includes`. Links inside rich text are rewritten to
 * our link ids (variable:, footnote:, route:) so that the rest of the server resolves every provider alike.
 */
export function contentfulProvider(settings: ContentfulSettings): ContentProvider {
  const base = `${trimBase(settings.url)}/spaces/${encodeURIComponent(settings.space)}/environments/${encodeURIComponent(settings.environment)}`;
  const headers = { authorization: `Bearer ${settings.token}` };
  const locale = (language: string) => settings.locales[language] ?? language;

  async function collection(type: string, language: string, signal: AbortSignal): Promise<Collection> {
    const query = new URLSearchParams({
      content_type: type,
      locale: locale(language),
      include: '2',
      limit: '1000',
    });
    const answer = await providerJson(`${base}/entries?${query}`, {
      headers,
      signal,
      label: `contentful ${type}`,
    });
    if (!isRecord(answer) || !Array.isArray(answer.items)) {
      throw new ContentFormatError(`contentful ${type}: no items in the answer`);
    }
    const includes = isRecord(answer.includes) ? answer.includes : {};
    return {
      items: answer.items,
      entries: byId([...answer.items, ...list(includes.Entry)]),
      assets: byId(list(includes.Asset)),
    };
  }

  const kinds: { [K in ContentKind]: (language: string, signal: AbortSignal) => Promise<ContentKinds[K]> } = {
    entries: async (language, signal) => {
      const found = await collection(TYPES.page, language, signal);
      return toEntries(found.items, reader(found), settings.report, (item) =>
        assetInfos(item, 'body', found),
      );
    },
    faq: async (language, signal) => {
      const [categories, items] = await Promise.all([
        collection(TYPES.faqCategory, language, signal),
        collection(TYPES.faqItem, language, signal),
      ]);
      return toFaq(categories.items, items.items, reader(items), settings.report, (item) =>
        assetInfos(item, 'answer', items),
      );
    },
    keyVisuals: async (language, signal) => {
      const found = await collection(TYPES.keyVisual, language, signal);
      return toKeyVisuals(found.items, reader(found), settings.report);
    },
    footnotes: async (language, signal) => {
      const found = await collection(TYPES.footnote, language, signal);
      return toFootnotes(found.items, reader(found), settings.report);
    },
    variables: async (language, signal) => {
      const found = await collection(TYPES.variable, language, signal);
      return toVariables(found.items, reader(found), settings.report);
    },
    agencyVariables: async (language, signal) => {
      const found = await collection(TYPES.agencyVariable, language, signal);
      return toAgencyVariables(found.items, reader(found), settings.report);
    },
    texts: async (language, signal) => {
      const found = await collection(TYPES.languageText, language, signal);
      return toTexts(found.items, reader(found), settings.report);
    },
    languages: async (_language, signal) => {
      const answer = await providerJson(`${base}/locales`, { headers, signal, label: 'contentful locales' });
      if (!isRecord(answer) || !Array.isArray(answer.items)) {
        throw new ContentFormatError('contentful locales: no items in the answer');
      }
      const pairs = answer.items.map((item) => ({
        code: isRecord(item) ? ourLanguage(item.code, settings.locales) : undefined,
        name: isRecord(item) ? item.name : undefined,
      }));
      return toLanguages(pairs, settings.report);
    },
  };

  return {
    name: 'contentful',
    fetch: (kind, language, signal) => kinds[kind](language, signal),
    async asset(id, signal) {
      const answer = await providerJson(`${base}/assets/${encodeURIComponent(id)}`, {
        headers,
        signal,
        label: 'contentful asset',
      });
      const file = isRecord(answer) && isRecord(answer.fields) ? answer.fields.file : undefined;
      const url = isRecord(file) ? text(file.url) : undefined;
      const contentType = isRecord(file) ? text(file.contentType) : undefined;
      if (!url || !contentType || !isCmsImageType(contentType)) {
        throw new ContentFormatError('contentful asset: no image file');
      }
      // The CDA answers protocol-relative URLs (//images.ctfassets.net/…).
      const absolute = url.startsWith('//') ? `https:${url}` : url;
      const { body } = await providerFetch(
        absolute,
        { signal, label: 'contentful asset file' },
        MAX_ASSET_BYTES,
      );
      return { contentType, body };
    },
  };
}

function byId(items: unknown[]): Map<string, unknown> {
  const result = new Map<string, unknown>();
  for (const item of items) {
    const id = isRecord(item) && isRecord(item.sys) ? text(item.sys.id) : undefined;
    if (id) result.set(id, item);
  }
  return result;
}

function fieldsOf(item: unknown): Record<string, unknown> {
  return isRecord(item) && isRecord(item.fields) ? item.fields : {};
}

function contentTypeOf(item: unknown): string | undefined {
  const sys = isRecord(item) && isRecord(item.sys) ? item.sys : undefined;
  const type =
    sys && isRecord(sys.contentType) && isRecord(sys.contentType.sys) ? sys.contentType.sys : undefined;
  return type ? text(type.id) : undefined;
}

function linkOf(value: unknown): { linkType: string; id: string } | undefined {
  const sys = isRecord(value) && isRecord(value.sys) ? value.sys : undefined;
  if (sys?.type !== 'Link') return undefined;
  const id = text(sys.id);
  const linkType = text(sys.linkType);
  return id && linkType ? { id, linkType } : undefined;
}

/**
 * Reads a field; a link to an entry reads as that entry's `key` (FAQ item → category), a link to an asset
 * as the asset id, and rich text comes with its embedded links rewritten to our link ids.
 */
function reader(found: Collection): FieldReader {
  return (item, field) => {
    const value = fieldsOf(item)[field];
    const link = linkOf(value);
    if (link?.linkType === 'Entry') return fieldsOf(found.entries.get(link.id)).key;
    if (link?.linkType === 'Asset') return link.id;
    if (isRecord(value) && value.nodeType === 'document') return rewriteLinks(value, found.entries);
    return value;
  };
}

/** Our link id for an entry Contentful embeds in rich text, by its content type. */
function ourLinkId(entry: unknown): string | undefined {
  const fields = fieldsOf(entry);
  switch (contentTypeOf(entry)) {
    case TYPES.variable:
      return text(fields.name) && `${VARIABLE_LINK_PREFIX}${fields.name}`;
    case TYPES.footnote:
      return text(fields.identifier) && `${FOOTNOTE_LINK_PREFIX}${fields.identifier}`;
    case TYPES.routeLink:
      return text(fields.route) && `${ROUTE_LINK_PREFIX}${fields.route}`;
    default:
      return undefined;
  }
}

/** A copy of the document whose entry links point at our link ids; unknown links keep Contentful's id. */
function rewriteLinks(node: unknown, entries: Map<string, unknown>, depth = 0): unknown {
  if (!isRecord(node) || depth > 32) return node;
  const data = isRecord(node.data) ? { ...node.data } : node.data;
  const link = isRecord(data) ? linkOf(data.target) : undefined;
  if (isRecord(data) && link?.linkType === 'Entry') {
    const id = ourLinkId(entries.get(link.id));
    if (id) data.target = { sys: { type: 'Link', linkType: 'Entry', id } };
  }
  const content = Array.isArray(node.content)
    ? node.content.map((child) => rewriteLinks(child, entries, depth + 1))
    : node.content;
  return { ...node, data, content };
}

/** Title, description and size of the assets a rich-text field embeds, from `includes.Asset`. */
function assetInfos(item: unknown, field: string, found: Collection): Record<string, AssetInfo> | undefined {
  const ids = new Set<string>();
  collectAssetIds(fieldsOf(item)[field], ids, 0);
  if (ids.size === 0) return undefined;
  const result: Record<string, AssetInfo> = {};
  for (const id of ids) {
    const fields = fieldsOf(found.assets.get(id));
    const file = isRecord(fields.file) ? fields.file : {};
    const details = isRecord(file.details) && isRecord(file.details.image) ? file.details.image : {};
    const info: AssetInfo = {};
    const title = text(fields.title);
    const description = text(fields.description);
    const contentType = text(file.contentType);
    const width = integer(details.width);
    const height = integer(details.height);
    if (title) info.title = title;
    if (description) info.description = description;
    if (contentType) info.contentType = contentType;
    if (width !== undefined) info.width = width;
    if (height !== undefined) info.height = height;
    result[id] = info;
  }
  return result;
}

function collectAssetIds(node: unknown, ids: Set<string>, depth: number): void {
  if (!isRecord(node) || depth > 32) return;
  const link = isRecord(node.data) ? linkOf(node.data.target) : undefined;
  if (link?.linkType === 'Asset') ids.add(link.id);
  for (const child of list(node.content)) collectAssetIds(child, ids, depth + 1);
}

function ourLanguage(code: unknown, locales: Readonly<Record<string, string>>): string | undefined {
  const value = text(code);
  if (!value) return undefined;
  const mapped = Object.entries(locales).find(([, locale]) => locale === value)?.[0];
  return mapped ?? value;
}
