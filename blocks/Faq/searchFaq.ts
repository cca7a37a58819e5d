import { type FaqItem, plainText } from '../../schemas/content.ts';

/** Lower case with umlauts spelled out, so that "Praemie" finds "Prämie" and "strasse" finds "Straße". */
export function foldForSearch(text: string): string {
  return text
    .toLocaleLowerCase('de')
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The items whose question or answer contains every word of the query (all items for an empty query). */
export function searchFaq(items: readonly FaqItem[], query: string): FaqItem[] {
  const words = foldForSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const haystack = foldForSearch(`${item.question} ${plainText(item.answer)}`);
    return words.every((word) => haystack.includes(word));
  });
}
