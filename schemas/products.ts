import type { Footnote } from './content.ts';

/**
 * Wire shapes of the product calls (SPEC section 7, Products). They are the records of
 * `mandants/NAME/products/*.json` unchanged (products.schema.json describes every field), so the
 * server answers with the data as loaded and the runtime reads the same names.
 */

/** A reward offered for a product (SPEC section 3, Praemie). */
export interface Praemie {
  Id: number;
  Titel: string;
  /** Wire date-time YYYY-MM-DDThh:mm:ss, Berlin wall-clock time. */
  Startdatum: string;
  Enddatum: string | null;
  EnddatumAnzeige: string | null;
  WertCent: number;
  /** WertCent as de-DE display text, e.g. '70,00 €' (no-break space), derived by the loader (domain/format.ts). */
  Wert: string;
}

interface ProductImages {
  Grafik?: string;
  SGrafik?: string;
}

export type Klasse = 'S' | 'M' | 'L' | 'XL';

/** Fixed-line product of the embedded catalogue (SPEC section 3). */
export interface FestnetzProdukt extends ProductImages {
  Id: number;
  ExterneId?: string;
  Kategorie: 'DP' | 'TP';
  Name: string;
  Young: boolean;
  Hybrid: boolean;
  Gruppe: string;
  Klasse: Klasse;
  PreisMonatlich: number;
  PreisEinmalig: number;
  AnzeigeName: string;
  Beschreibung1: string;
  Beschreibung2: string;
  Beschreibung3: string;
  Beschreibung4: string;
  Provision: string;
  TelekomProduktId: string;
  Fussnote: string | null;
  Preisaufteilung: string | null;
  Aktionsname: string | null;
  Aktionsrabatt: number;
  Praemien: Praemie[];
}

export type GeraeteTyp = 'smartphone' | 'tablet' | 'surfstick';
export type Tarifart = 'vertrag' | 'daten' | 'prepaid' | 'young' | 'zusatzkarte' | 'combicard';

/** Mobile device-and-tariff offer of the embedded catalogue (SPEC section 3). */
export interface MobilfunkAngebot extends ProductImages {
  Id: number;
  ExterneId?: string;
  GeraeteTyp: GeraeteTyp;
  Hersteller: string;
  Tarifart: Tarifart;
  Klasse: Klasse;
  TarifHandyAnzeigeName: string;
  TarifHandyBeschreibung: string;
  TarifAnzeigeName: string;
  HandyAnzeigeName: string;
  HandyId: number;
  HandyBeschreibung: string;
  PreisHandy: number;
  TarifId: number;
  PreisTarif: number;
  Position: number;
  Aktion: 0 | 1;
  TopPosition: number;
  Aktionspreis: number;
  Praemien: Praemie[];
}

/** A product of a mandant with produktApi 'generic'. */
export interface GenerischesProdukt extends ProductImages {
  Id: number;
  ExterneId: string;
  Name: string;
  AnzeigeName: string;
  Beschreibung: string;
  Praemien: Praemie[];
}

export type Produkt = FestnetzProdukt | MobilfunkAngebot | GenerischesProdukt;

/** The two sources of the embedded catalogue: the `quelle` query parameter. */
export type Quelle = 'festnetz' | 'mobilfunk';
export const PRODUCT_KINDS: readonly Quelle[] = ['festnetz', 'mobilfunk'];

/** Where a category page's select button leads (SPEC section 2). */
export type Auswahlziel = 'recommend' | 'smartphones' | 'tablets';

/** A product category page (SPEC section 2). */
export interface Produktkategorie {
  Id: number;
  Titel: string;
  Untertitel?: string;
  Breadcrumb: string;
  Beschreibung: string;
  /** Path below /{locale} without leading slash, e.g. 'internet/hybrid'. */
  Pfad: string;
  Quelle: Quelle;
  Kategorie: string;
  Tarifart?: Tarifart;
  HauptproduktId?: number;
  TvProduktId?: number;
  Auswahlziel: Auswahlziel;
  Position: number;
  Grafik?: string;
  Icon?: string;
}

/** A footnote of the product files (`fussnoten.json`): the same shape as content's Footnote. Alias kept for server/. */
export type Fussnote = Footnote;

/** An agent of produktApi 'agent list' (SPEC section 3). */
export interface Agent {
  ExterneId: string;
  FirstName?: string;
  LastName: string;
  ZipCode: string;
  City: string;
  /** File name of the photo; the image itself is served at Produkt/{ExterneId}/grafik. */
  Photo: string;
}

/** GET Produkt/berater (SPEC section 3, agent search result). */
export interface AgentSearchResult {
  Content: Agent[];
  HasNext: boolean;
  PageCount: number;
  TotalCount: number;
}

/** GET /produkt/maxpraemiewert: the highest reward active today, or nulls when none is. */
export interface MaxPraemieWert {
  WertCent: number | null;
  Wert: string | null;
}

/** Query of GET /produkt/ (SPEC 7: quelle, kategorie, tarifId; hersteller and tarifart filter further). */
export interface ProductListQuery {
  quelle?: Quelle;
  kategorie?: string;
  tarifId?: number;
  tarifart?: Tarifart;
  hersteller?: string;
}

/** SPEC section 7: products 637, 638, 639 and 640 exist but are filtered out of product lists. */
export const HIDDEN_PRODUCT_IDS: ReadonlySet<number> = new Set([637, 638, 639, 640]);

/** The label of an agent: first and last name, or the last name alone. */
export function agentName(agent: Pick<Agent, 'FirstName' | 'LastName'>): string {
  return agent.FirstName ? `${agent.FirstName} ${agent.LastName}` : agent.LastName;
}

/**
 * Does a festnetz product's Gruppe belong to a category's Kategorie? Equal, or Kategorie followed by '-'
 * (so 'internet' lists 'internet-hybrid' too). The one rule for server and runtime.
 */
export function groupMatches(kategorie: string, gruppe: string): boolean {
  return gruppe === kategorie || gruppe.startsWith(`${kategorie}-`);
}
