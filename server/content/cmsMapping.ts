import type { KeyValue } from '../../schemas/api.ts';
import { CONTENT_KEY_PATTERN, type FaqCategory, type Footnote } from '../../schemas/content.ts';
import type { ContentKinds, EntrySource, FaqItemSource, KeyVisualSource } from './ContentProvider.ts';
import { byPosition, integer, text } from './cmsValues.ts';

/**
 * Both CMS providers store the same fields (server/content/README.md); they differ only in how a field's
 * value is read from an item (Contentful `fields.x`, Squidex `data.x.{lang|iv}`). These mappers turn lists
 * of items into the content model. An item without its required fields is skipped and reported; the rest
 * of the list is still served.
 */
export type FieldReader = (item: unknown, field: string) => unknown;

export type Report = (message: string) => void;

/** Content ids from a CMS: our key pattern, or the item is skipped. */
function key(value: unknown): string | undefined {
  const found = text(value);
  return found !== undefined && CONTENT_KEY_PATTERN.test(found) ? found : undefined;
}

export function toEntries(
  items: unknown[],
  read: FieldReader,
  report: Report,
  assetsOf: (item: unknown) => EntrySource['assets'] = () => undefined,
): Record<string, EntrySource> {
  const entries: Record<string, EntrySource> = {};
  for (const [index, item] of items.entries()) {
    const slug = key(read(item, 'slug'));
    const title = text(read(item, 'title'));
    if (!slug || !title) {
      report(`page ${index}: slug or title missing`);
      continue;
    }
    const assets = assetsOf(item);
    entries[slug] = { title, body: read(item, 'body'), ...(assets ? { assets } : {}) };
  }
  return entries;
}

export function toFaq(
  categoryItems: unknown[],
  faqItems: unknown[],
  read: FieldReader,
  report: Report,
  assetsOf: (item: unknown) => FaqItemSource['assets'] = () => undefined,
): ContentKinds['faq'] {
  const categories = byPosition(
    categoryItems.flatMap((item, index) => {
      const id = key(read(item, 'key'));
      const title = text(read(item, 'title'));
      if (!id || !title) {
        report(`FAQ category ${index}: key or title missing`);
        return [];
      }
      return [{ id, title, position: integer(read(item, 'position')) }];
    }),
  ).map(({ id, title }): FaqCategory => ({ id, title }));
  const items = byPosition(
    faqItems.flatMap((item, index) => {
      const id = key(read(item, 'key'));
      const category = key(read(item, 'category'));
      const question = text(read(item, 'question'));
      if (!id || !category || !question) {
        report(`FAQ item ${index}: key, category or question missing`);
        return [];
      }
      const assets = assetsOf(item);
      return [
        {
          id,
          category,
          question,
          answer: read(item, 'answer'),
          position: integer(read(item, 'position')),
          ...(assets ? { assets } : {}),
        },
      ];
    }),
  ).map(({ position: _position, ...rest }): FaqItemSource => rest);
  return { categories, items };
}

export function toKeyVisuals(
  items: unknown[],
  read: FieldReader,
  report: Report,
): Record<string, KeyVisualSource> {
  const result: Record<string, KeyVisualSource> = {};
  for (const [index, item] of items.entries()) {
    const id = key(read(item, 'key'));
    const headline = text(read(item, 'headline'));
    if (!id || !headline) {
      report(`key visual ${index}: key or headline missing`);
      continue;
    }
    const visual: KeyVisualSource = { headline };
    const body = text(read(item, 'text'));
    if (body) visual.text = body;
    const image = text(read(item, 'image'));
    if (image) {
      visual.image = image;
      visual.imageAlt = typeof read(item, 'imageAlt') === 'string' ? (read(item, 'imageAlt') as string) : '';
    }
    const label = text(read(item, 'ctaLabel'));
    const route = text(read(item, 'ctaRoute'));
    if (label && route) visual.cta = { label, route };
    result[id] = visual;
  }
  return result;
}

export function toFootnotes(items: unknown[], read: FieldReader, report: Report): Footnote[] {
  return items.flatMap((item, index) => {
    const Id = integer(read(item, 'footnoteId'));
    const Identifier = key(read(item, 'identifier'));
    const Titel = text(read(item, 'title'));
    const Inhalt = text(read(item, 'content'));
    if (Id === undefined || !Identifier || !Titel || !Inhalt) {
      report(`footnote ${index}: footnoteId, identifier, title or content missing`);
      return [];
    }
    return [{ Id, Identifier, Gruppe: text(read(item, 'group')) ?? '', Titel, Inhalt }];
  });
}

const VARIABLE_NAME = /^[a-zA-Z][a-zA-Z0-9._-]{0,63}$/;

export function toVariables(items: unknown[], read: FieldReader, report: Report): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [index, item] of items.entries()) {
    const name = text(read(item, 'name'));
    const value = read(item, 'value');
    if (!name || !VARIABLE_NAME.test(name) || typeof value !== 'string') {
      report(`variable ${index}: name or value missing`);
      continue;
    }
    result[name] = value;
  }
  return result;
}

export function toAgencyVariables(
  items: unknown[],
  read: FieldReader,
  report: Report,
): Record<string, Record<string, string>> {
  const result: Record<string, Record<string, string>> = {};
  for (const [index, item] of items.entries()) {
    const agency = key(read(item, 'agency'));
    const name = text(read(item, 'name'));
    const value = read(item, 'value');
    if (!agency || !name || !VARIABLE_NAME.test(name) || typeof value !== 'string') {
      report(`agency variable ${index}: agency, name or value missing`);
      continue;
    }
    result[agency] = { ...result[agency], [name]: value };
  }
  return result;
}

export function toTexts(items: unknown[], read: FieldReader, report: Report): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [index, item] of items.entries()) {
    const textKey = text(read(item, 'key'));
    const value = read(item, 'value');
    if (!textKey || typeof value !== 'string') {
      report(`text ${index}: key or value missing`);
      continue;
    }
    result[textKey] = value;
  }
  return result;
}

const LANGUAGE_CODE = /^[a-z]{2}$/;

export function toLanguages(pairs: { code: unknown; name: unknown }[], report: Report): KeyValue[] {
  return pairs.flatMap(({ code, name }, index) => {
    const Key = text(code)?.slice(0, 2).toLowerCase();
    const Value = text(name);
    if (!Key || !LANGUAGE_CODE.test(Key) || !Value) {
      report(`language ${index}: code or name missing`);
      return [];
    }
    return [{ Key, Value }];
  });
}
