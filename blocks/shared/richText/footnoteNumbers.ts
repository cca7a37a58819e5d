import {
  type ContentLinks,
  type Footnote,
  type RichTextDocument,
  type RichTextElement,
  type RichTextNode,
  targetId,
} from '../../../schemas/content.ts';

export interface NumberedFootnote {
  /** The link id in the documents (footnote:IDENTIFIER). */
  linkId: string;
  number: number;
  footnote: Footnote;
}

/**
 * The footnotes the documents refer to, numbered 1, 2, … in the order of their first reference (reading
 * order); a footnote referred to twice keeps its number. Only footnotes the server resolved count.
 */
export function numberFootnotes(
  documents: readonly RichTextDocument[],
  links: ContentLinks,
): NumberedFootnote[] {
  const numbered = new Map<string, NumberedFootnote>();
  const visit = (node: RichTextNode) => {
    if (node.nodeType === 'text') return;
    const id = targetId(node);
    const link = id === undefined ? undefined : links.entries[id];
    if (id !== undefined && link?.type === 'footnote' && !numbered.has(id)) {
      numbered.set(id, { linkId: id, number: numbered.size + 1, footnote: link.footnote });
    }
    for (const child of (node as RichTextElement).content) visit(child);
  };
  for (const document of documents) visit(document);
  return [...numbered.values()];
}

/** Element ids for a footnote and its first reference, unique per block (`scope` from useId). */
export function footnoteIds(scope: string, number: number): { note: string; reference: string } {
  const safe = scope.replace(/[^A-Za-z0-9_-]/g, '');
  return { note: `${safe}-fn-${number}`, reference: `${safe}-fnref-${number}` };
}

/**
 * Which footnotes already have their back-link target on the page: only the first reference to a footnote
 * carries the id the footnote list links back to (an id must be unique). One per block render, shared by
 * all rich texts of the block.
 */
export type ReferencedFootnotes = Set<number>;
