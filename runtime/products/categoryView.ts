import { activeRewardRange } from '../../domain/rewards.ts';
import type { MobilfunkAngebot, Praemie, Produkt, Produktkategorie } from '../../schemas/products.ts';

/**
 * Pure decisions of the category pages (SPEC 2, product category pages), apart from rendering so that
 * they are table-tested: which category a path shows, its breadcrumb, where its select button leads,
 * and how rewards are labelled.
 */

/**
 * Product data (names, descriptions, breadcrumbs) is written in German, the programme's first language;
 * pages in another language mark it so that screen readers pronounce it right (WCAG 3.1.2).
 */
export const PRODUCT_DATA_LANGUAGE = 'de';

export function findCategory(
  categories: readonly Produktkategorie[],
  pfad: string,
): Produktkategorie | undefined {
  const wanted = pfad.toLowerCase();
  return categories.find((category) => category.Pfad.toLowerCase() === wanted);
}

export interface Crumb {
  label: string;
  /** The category page this crumb names, if one has exactly this breadcrumb. */
  pfad?: string;
}

/** "Mobilfunk / Smartphones" → Mobilfunk, Smartphones; a crumb links to the category of that breadcrumb. */
export function breadcrumbTrail(
  categories: readonly Produktkategorie[],
  category: Produktkategorie,
): Crumb[] {
  const labels = category.Breadcrumb.split(' / ').map((label) => label.trim());
  return labels.map((label, index) => {
    const prefix = labels.slice(0, index + 1).join(' / ');
    const match = categories.find((candidate) => candidate.Breadcrumb === prefix && candidate !== category);
    return match && index < labels.length - 1 ? { label, pfad: match.Pfad } : { label };
  });
}

/** Device pages list offers to recommend (with a manufacturer filter); tariff pages lead to a device choice. */
export function isDevicePage(category: Produktkategorie): boolean {
  return category.Quelle === 'mobilfunk' && category.Auswahlziel === 'recommend';
}

/**
 * Where "choose a smartphone/tablet" leads from a tariff page: the device page of that kind without a
 * tariff kind of its own (smartphones.html, tablets.html), which then shows the devices of the tariff.
 */
export function selectionTarget(
  categories: readonly Produktkategorie[],
  category: Produktkategorie,
): Produktkategorie | undefined {
  if (category.Auswahlziel === 'recommend') return undefined;
  const kind = category.Auswahlziel === 'smartphones' ? 'smartphone' : 'tablet';
  return categories.find(
    (candidate) =>
      candidate.Quelle === 'mobilfunk' &&
      candidate.Kategorie === kind &&
      candidate.Auswahlziel === 'recommend' &&
      candidate.Tarifart === undefined,
  );
}

export interface Tariff {
  TarifId: number;
  TarifAnzeigeName: string;
  PreisTarif: number;
  /** The tariff's part of the offer text (before the device part). */
  beschreibung: string;
  /** How many devices come with it. */
  devices: number;
  Praemien: Praemie[];
}

/** A tariff page lists each tariff once, with the rewards of its offers and how many devices it has. */
export function tariffsOf(offers: readonly MobilfunkAngebot[]): Tariff[] {
  const byId = new Map<number, Tariff>();
  for (const offer of offers) {
    const known = byId.get(offer.TarifId);
    if (known) {
      known.devices += 1;
      known.Praemien.push(
        ...offer.Praemien.filter((reward) => !known.Praemien.some((r) => r.Id === reward.Id)),
      );
      continue;
    }
    byId.set(offer.TarifId, {
      TarifId: offer.TarifId,
      TarifAnzeigeName: offer.TarifAnzeigeName,
      PreisTarif: offer.PreisTarif,
      beschreibung: offer.TarifHandyBeschreibung.split(';')[0]?.trim() ?? '',
      devices: 1,
      Praemien: [...offer.Praemien],
    });
  }
  return [...byId.values()];
}

export function isOffer(product: Produkt): product is MobilfunkAngebot {
  return 'GeraeteTyp' in product;
}

export interface RewardLabel {
  /** 'fixed': one value; 'upTo': the highest of several ("bis zu …"). */
  kind: 'fixed' | 'upTo';
  cents: number;
}

/** SPEC 4: the active rewards' value, or the highest of them shown as a maximum; null when none is active. */
export function rewardLabel(rewards: readonly Praemie[], now: string): RewardLabel | null {
  const range = activeRewardRange(rewards, now);
  if (!range) return null;
  return { kind: range.minCent === range.maxCent ? 'fixed' : 'upTo', cents: range.maxCent };
}
