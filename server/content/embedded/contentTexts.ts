import { VARIABLE_LINK_PREFIX } from '../../../schemas/content.ts';
import type { PromiseText } from '../../mandants/checks/mandantChecks.ts';
import type { EmbeddedLanguage } from './readEmbeddedContent.ts';

/**
 * Every text a reader sees in one language of embedded content — entry titles and their rich text, FAQ
 * categories, questions and answers, key visuals, footnotes — with the file it comes from, its JSON pointer
 * there and whether the mandant inherits it from _base: what the promise rules check (issue 18,
 * server/mandants/checks/mandantChecks.ts promiseRules). Rich text is taken a paragraph (or heading, list
 * item …) at a time, its pieces joined, so a sentence split by a mark or a link is checked whole.
 */
export function contentTexts(texts: EmbeddedLanguage): PromiseText[] {
  const found: PromiseText[] = [];
  const add = (key: string, parts: [at: string, value: unknown][]) => {
    const origin = texts.origins.get(key);
    if (!origin) return;
    const { file, pointer, inherited } = origin;
    for (const [at, value] of parts) {
      if (typeof value === 'string') found.push({ file, pointer: `${pointer}${at}`, text: value, inherited });
      else
        for (const block of documentBlocks(value, `${pointer}${at}`))
          found.push({ file, inherited, ...block });
    }
  };
  for (const [id, entry] of Object.entries(texts.entries))
    add(`entry:${id}`, [
      ['/title', entry.title],
      ['/body', entry.body],
    ]);
  for (const category of texts.faq.categories)
    add(`faq-category:${category.id}`, [['/title', category.title]]);
  for (const item of texts.faq.items)
    add(`faq:${item.id}`, [
      ['/question', item.question],
      ['/answer', item.answer],
    ]);
  for (const [id, visual] of Object.entries(texts.keyVisuals))
    add(`keyvisual:${id}`, [
      ['/headline', visual.headline],
      ['/text', visual.text],
      ['/imageAlt', visual.imageAlt],
      ['/cta/label', visual.cta?.label],
    ]);
  for (const footnote of texts.footnotes)
    add(`footnote:${footnote.Identifier}`, [
      ['/Titel', footnote.Titel],
      ['/Inhalt', footnote.Inhalt],
    ]);
  return found;
}

interface RawNode {
  nodeType?: unknown;
  value?: unknown;
  content?: unknown;
  data?: { target?: { sys?: { id?: unknown } } };
}

const isNode = (value: unknown): value is RawNode => typeof value === 'object' && value !== null;
const children = (node: RawNode): unknown[] => (Array.isArray(node.content) ? node.content : []);

/** The text blocks of a rich-text document: each node with text among its children, as one string. */
function documentBlocks(node: unknown, at: string): { pointer: string; text: string }[] {
  if (!isNode(node)) return [];
  const kids = children(node);
  if (kids.some((kid) => isNode(kid) && kid.nodeType === 'text'))
    return [{ pointer: at, text: textOf(node) }];
  return kids.flatMap((kid, index) => documentBlocks(kid, `${at}/content/${index}`));
}

/** A node's text; an embedded `variable:NAME` entry stands as {{NAME}}, to be filled in like the rest. */
function textOf(node: RawNode): string {
  if (node.nodeType === 'text') return typeof node.value === 'string' ? node.value : '';
  const id = node.data?.target?.sys?.id;
  if (typeof id === 'string' && id.startsWith(VARIABLE_LINK_PREFIX) && node.nodeType !== 'entry-hyperlink')
    return `{{${id.slice(VARIABLE_LINK_PREFIX.length)}}}`;
  return children(node)
    .map((kid) => (isNode(kid) ? textOf(kid) : ''))
    .join('');
}
