import type { KeyValue } from '../../schemas/api.ts';
import type { FaqCategory, Footnote } from '../../schemas/content.ts';

/**
 * What a content provider delivers, per kind and language, before the server resolves it for a page.
 * Rich text stays raw (`unknown`) here: it is sanitised and resolved on the way out, the same way for
 * every provider. Every value is plain JSON, so the last good copy can be kept in the database.
 */
export interface EntrySource {
  title: string;
  body: unknown;
  /** What the provider knows about assets the body embeds (alt text, size), by asset id. */
  assets?: Record<string, AssetInfo>;
}

export interface AssetInfo {
  title?: string;
  description?: string;
  contentType?: string;
  width?: number;
  height?: number;
}

export interface FaqItemSource {
  id: string;
  category: string;
  question: string;
  answer: unknown;
  assets?: Record<string, AssetInfo>;
}

export interface FaqSource {
  categories: FaqCategory[];
  items: FaqItemSource[];
}

export interface KeyVisualSource {
  headline: string;
  text?: string;
  /** Asset id (served at /content/assets/{id}). */
  image?: string;
  imageAlt?: string;
  cta?: { label: string; route: string };
}

export interface ContentKinds {
  entries: Record<string, EntrySource>;
  faq: FaqSource;
  keyVisuals: Record<string, KeyVisualSource>;
  footnotes: Footnote[];
  variables: Record<string, string>;
  /** Agency id → variables that override the mandant's for that agency. */
  agencyVariables: Record<string, Record<string, string>>;
  /** UI texts (i18n key → text) the provider adds to or changes in the mandant's i18n files. */
  texts: Record<string, string>;
  /** The languages the provider offers (Key = code, Value = name); language-independent. */
  languages: KeyValue[];
}

export type ContentKind = keyof ContentKinds;

/** An image or file from the provider, passed through to the browser by our server. */
export interface AssetFile {
  contentType: string;
  body: Buffer;
}

export interface ContentProvider {
  readonly name: 'embedded' | 'contentful' | 'squidex';
  /** One kind of content in one language (`languages` ignores the language). Rejects when unreachable. */
  fetch<K extends ContentKind>(kind: K, language: string, signal: AbortSignal): Promise<ContentKinds[K]>;
  asset(id: string, signal: AbortSignal): Promise<AssetFile>;
}

/** Asset ids: file names of content/assets/ (embedded) or the CMS's asset ids. */
export const ASSET_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Images only: content is text and pictures; anything else a CMS holds is not passed to the browser. */
export const ASSET_CONTENT_TYPES: Readonly<Record<string, string>> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

/**
 * Images a CMS may hand to the browser through our server. SVG only from embedded content (the mandant's
 * own, checked files): an SVG from a CMS could carry script.
 */
export function isCmsImageType(contentType: string): boolean {
  return contentType !== ASSET_CONTENT_TYPES.svg && Object.values(ASSET_CONTENT_TYPES).includes(contentType);
}

/** An asset larger than this is refused (PSOF0121): key visuals and icons, not downloads. */
export const MAX_ASSET_BYTES = 2 * 1024 * 1024;
