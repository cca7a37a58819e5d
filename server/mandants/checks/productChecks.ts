import { formatMoney, joinMoneySpaces } from '../../../domain/money.ts';
import type { CatalogueData } from '../../products/ProductCatalogue.ts';

/**
 * Checks of a mandant's product data the schema cannot express (issue 18: one validator, formerly only in
 * tests/unit/mandantData.test.ts). loadProductCatalogues reports each reason against the products/ folder.
 */
export function productChecks(data: CatalogueData): string[] {
  const problems: string[] = [];
  const products = [...data.festnetz, ...data.mobilfunk, ...data.generisch];
  const rewards = new Map<number, string>();
  for (const product of products) {
    for (const reward of product.Praemien ?? []) {
      const text = JSON.stringify({ ...reward, Wert: formatMoney(reward.WertCent) });
      const known = rewards.get(reward.Id);
      if (known !== undefined && known !== text)
        problems.push(`Praemie ${reward.Id} differs between products (same Id, other fields)`);
      rewards.set(reward.Id, text);
      const shown = formatMoney(reward.WertCent);
      if (reward.Wert !== undefined && reward.Wert.replace(/\s/g, ' ') !== shown.replace(/\s/g, ' '))
        problems.push(
          `Praemie ${reward.Id} of product ${product.Id}: Wert "${reward.Wert}" is not "${shown}"`,
        );
      if (reward.Enddatum && reward.Enddatum < reward.Startdatum)
        problems.push(`Praemie ${reward.Id} of product ${product.Id} ends before it starts`);
    }
  }
  const footnotes = new Set(data.fussnoten.map((note) => note.Identifier));
  for (const product of data.festnetz) {
    if (product.Fussnote && !footnotes.has(product.Fussnote))
      problems.push(`product ${product.Id} names footnote "${product.Fussnote}", which fussnoten lacks`);
  }
  for (const offer of data.mobilfunk) {
    if (offer.Aktion === 1 && offer.Aktionspreis >= offer.PreisHandy)
      problems.push(`offer ${offer.Id}: Aktionspreis is not below PreisHandy`);
  }
  const festnetz = new Map(data.festnetz.map((product) => [product.Id, product]));
  for (const category of data.kategorien) {
    const tv = category.TvProduktId === undefined ? undefined : festnetz.get(category.TvProduktId);
    if (tv && tv.Kategorie !== 'TP')
      problems.push(`category ${category.Id}: TvProduktId ${tv.Id} is not a TV (TP) product`);
  }
  return problems;
}

/** What each product source needs to have anything to recommend (go-live check). */
const SOURCE_NEEDS: Readonly<Record<string, (keyof CatalogueData)[]>> = {
  'data-driven': ['festnetz', 'mobilfunk', 'kategorien'],
  generic: ['generisch'],
  'agent list': ['berater'],
};

export function productSourceChecks(produktApi: string, data: CatalogueData): string[] {
  return (SOURCE_NEEDS[produktApi] ?? [])
    .filter((kind) => data[kind].length === 0)
    .map((kind) => `produktApi "${produktApi}" needs ${kind} data: there is nothing to recommend`);
}

/**
 * A reward's display text comes from its cents through the one money formatter (issue 18), so a product
 * file may leave `Wert` out and what is served and rendered cannot disagree with `WertCent`. Every other
 * text of the product data (prices, descriptions, campaign names, footnotes) gets its amounts joined to "€"
 * by a no-break space, as formatMoney writes them.
 */
export function deriveDisplayValues(data: CatalogueData): void {
  for (const list of Object.values(data) as unknown[][])
    for (const [index, item] of list.entries()) list[index] = joinMoneyTexts(item);
  for (const product of [...data.festnetz, ...data.mobilfunk, ...data.generisch])
    for (const reward of product.Praemien ?? []) reward.Wert = formatMoney(reward.WertCent);
}

/** Every string inside a JSON value with joinMoneySpaces applied (objects and arrays changed in place). */
function joinMoneyTexts(value: unknown): unknown {
  if (typeof value === 'string') return joinMoneySpaces(value);
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) value[index] = joinMoneyTexts(item);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const [key, item] of Object.entries(record)) record[key] = joinMoneyTexts(item);
  }
  return value;
}
