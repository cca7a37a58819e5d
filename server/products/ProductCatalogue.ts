import {
  type Agent,
  agentName,
  type FestnetzProdukt,
  type Fussnote,
  type GenerischesProdukt,
  groupMatches,
  HIDDEN_PRODUCT_IDS,
  type MobilfunkAngebot,
  type Praemie,
  type ProductListQuery,
  type Produkt,
  type Produktkategorie,
  type Quelle,
} from '../../schemas/products.ts';
import { PLACEHOLDERS, type ProductImage } from './ProductImages.ts';

/** What a mandant's products/*.json hold, by kind (products.schema.json). */
export interface CatalogueData {
  festnetz: FestnetzProdukt[];
  mobilfunk: MobilfunkAngebot[];
  kategorien: Produktkategorie[];
  fussnoten: Fussnote[];
  generisch: GenerischesProdukt[];
  berater: Agent[];
}

export const EMPTY_CATALOGUE: CatalogueData = {
  festnetz: [],
  mobilfunk: [],
  kategorien: [],
  fussnoten: [],
  generisch: [],
  berater: [],
};

/** Which file kind a product comes from: a catalogue source, or the generic products. */
export type ProductKind = Quelle | 'generisch';
const ALL_KINDS: readonly ProductKind[] = ['festnetz', 'mobilfunk', 'generisch'];

const germanOrder = new Intl.Collator('de-DE', { sensitivity: 'base' });

/**
 * One mandant's products, read once at start and answered from memory (they change only with a restart).
 * Pure lookups and filters; which of them a mandant may use is decided by its product source.
 */
export class ProductCatalogue {
  readonly categories: readonly Produktkategorie[];
  readonly agents: readonly Agent[];
  readonly #data: CatalogueData;
  readonly #byId = new Map<number, Produkt>();
  readonly #byExterneId = new Map<string, Produkt>();
  readonly #agentById = new Map<string, Agent>();
  readonly #images: ReadonlyMap<string, ProductImage>;

  constructor(data: CatalogueData, images: ReadonlyMap<string, ProductImage>) {
    this.#data = data;
    this.#images = images;
    this.categories = [...data.kategorien].sort((a, b) => a.Position - b.Position);
    this.agents = [...data.berater].sort(
      (a, b) =>
        germanOrder.compare(a.LastName, b.LastName) || germanOrder.compare(agentName(a), agentName(b)),
    );
    for (const product of [...data.festnetz, ...data.mobilfunk, ...data.generisch]) {
      this.#byId.set(product.Id, product);
      if (product.ExterneId) this.#byExterneId.set(product.ExterneId.toLowerCase(), product);
    }
    for (const agent of data.berater) this.#agentById.set(agent.ExterneId.toLowerCase(), agent);
  }

  get generic(): readonly GenerischesProdukt[] {
    return this.#data.generisch;
  }

  category(id: number): Produktkategorie | undefined {
    return this.categories.find((category) => category.Id === id);
  }

  /** A kategorie value is known when a category page of that source uses it (SPEC 8: '404 - Unknown category'). */
  isKnownKategorie(kategorie: string, quelle?: Quelle): boolean {
    return this.categories.some(
      (category) => category.Kategorie === kategorie && (quelle === undefined || category.Quelle === quelle),
    );
  }

  /**
   * GET /produkt/?quelle=&kategorie=&tarifId= (SPEC 7) over the embedded catalogue: products 637–640 are
   * left out; tarifId, tarifart and hersteller narrow the mobile offers (and so exclude fixed-line ones).
   */
  list(query: ProductListQuery): Produkt[] {
    const mobileOnly =
      query.tarifId !== undefined || query.tarifart !== undefined || query.hersteller !== undefined;
    const festnetz =
      query.quelle === 'mobilfunk' || mobileOnly
        ? []
        : this.#data.festnetz.filter(
            (product) => query.kategorie === undefined || groupMatches(query.kategorie, product.Gruppe),
          );
    const mobilfunk =
      query.quelle === 'festnetz'
        ? []
        : this.#data.mobilfunk
            .filter(
              (offer) =>
                (query.kategorie === undefined || offer.GeraeteTyp === query.kategorie) &&
                (query.tarifId === undefined || offer.TarifId === query.tarifId) &&
                (query.tarifart === undefined || offer.Tarifart === query.tarifart) &&
                (query.hersteller === undefined ||
                  germanOrder.compare(offer.Hersteller, query.hersteller) === 0),
            )
            .sort((a, b) => a.Position - b.Position);
    return [...festnetz, ...mobilfunk].filter((product) => !HIDDEN_PRODUCT_IDS.has(product.Id));
  }

  /** Every product the lists may show (not 637–640). */
  listed(): Produkt[] {
    return [...this.#data.festnetz, ...this.#data.mobilfunk, ...this.#data.generisch].filter(
      (product) => !HIDDEN_PRODUCT_IDS.has(product.Id),
    );
  }

  /** A product by Id; with `kinds`, only if it comes from one of those kinds of data. */
  product(id: number, kinds: readonly ProductKind[] = ALL_KINDS): Produkt | undefined {
    const product = this.#byId.get(id);
    return product && kinds.includes(sourceOf(product)) ? product : undefined;
  }

  /** GET /produkt/{tarifId}?quelle=mobilfunk&handyId=: the offer of that tariff with that device. */
  offer(tarifId: number, handyId: number): MobilfunkAngebot | undefined {
    return this.#data.mobilfunk.find((offer) => offer.TarifId === tarifId && offer.HandyId === handyId);
  }

  byExterneId(id: string, kinds: readonly ProductKind[] = ALL_KINDS): Produkt | undefined {
    const product = this.#byExterneId.get(id.toLowerCase());
    return product && kinds.includes(sourceOf(product)) ? product : undefined;
  }

  /** GET /produkt/handytarife/{handyId}: every tariff offered with a device, in list order. */
  tariffsForDevice(handyId: number): MobilfunkAngebot[] {
    return this.#data.mobilfunk
      .filter((offer) => offer.HandyId === handyId)
      .sort((a, b) => a.Position - b.Position);
  }

  /** Manufacturers of the devices of one GeraeteTyp, for the manufacturer filter. */
  manufacturers(kategorie: string): string[] {
    const names = new Set(
      this.#data.mobilfunk.filter((offer) => offer.GeraeteTyp === kategorie).map((offer) => offer.Hersteller),
    );
    return [...names].sort(germanOrder.compare);
  }

  agent(externeId: string): Agent | undefined {
    return this.#agentById.get(externeId.toLowerCase());
  }

  /** The rewards of every listed product, for the highest active one. */
  rewards(): Praemie[] {
    return this.listed().flatMap((product) => product.Praemien);
  }

  image(name: string | undefined, placeholder: keyof typeof PLACEHOLDERS): ProductImage | undefined {
    return this.#images.get(name ?? PLACEHOLDERS[placeholder]);
  }
}

/** Which kind of product file a product comes from. */
export function sourceOf(product: Produkt): ProductKind {
  if ('GeraeteTyp' in product) return 'mobilfunk';
  if ('Gruppe' in product) return 'festnetz';
  return 'generisch';
}
