/**
 * Wire shapes of the configuration and content calls (SPEC section 7) shared by server and runtime.
 * Field names follow SPEC so the runtime also works against the original backend.
 */
import type { PageFile } from '../domain/merge.ts';

export type ProductSource = 'data-driven' | 'agent list' | 'generic';
export type ContentProvider = 'embedded' | 'contentful' | 'squidex';

export const CHANNEL_MODULES = [
  'ModuleCopyLink',
  'ModuleEmailClient',
  'ModuleGmail',
  'ModuleOutlook',
  'ModuleYahoo',
  'ModuleFacebook',
  'ModuleWhatsapp',
  'ModuleXing',
  'ModuleLinkedIn',
  'ModuleTwitter',
] as const;
export type ChannelModule = (typeof CHANNEL_MODULES)[number];

export const FEATURE_MODULES = [
  'ModuleAdv',
  'ModuleErzwingeLogin',
  'ModuleAgentRecommendation',
  'ModuleStoringBankdata',
  'ModuleCompanyRecommendation',
  'ModuleIntegratedFrame',
  'ModuleErstelleOfflineEmpfehlungCode',
  'ModuleNewsletterPermission',
  'ModuleIBANNurDE',
] as const;
export type FeatureModule = (typeof FEATURE_MODULES)[number];

export interface ThemeColors {
  primary?: string;
  onPrimary?: string;
  secondary?: string;
  onSecondary?: string;
  background?: string;
  surface?: string;
  text?: string;
  muted?: string;
  border?: string;
  focus?: string;
  error?: string;
  success?: string;
}

export interface Theme {
  colors?: ThemeColors;
  fonts?: { body?: string; heading?: string };
  logo?: { src: string; width?: number; height?: number };
  favicon?: string;
  radius?: string;
  spacing?: string;
}

export interface Tracking {
  id: string;
  type: 'matomo';
  url: string;
  siteId: number;
  category: 'functional' | 'analytical' | 'marketing';
}

export interface RouteEntry {
  Route: string;
  RouteName: string;
}

/** The mandant configuration as stored (mandant.json merged over _base, defaults applied). */
export type MandantConfig = {
  name: string;
  default: boolean;
  hosts: string[];
  MandantUrl: string;
  EmpfehlenPath: string;
  EmpfehlenWebPage: string;
  SupportedLanguage: { Sprache: string[]; Standard: string };
  routes: Record<string, string>;
  additionalRoutes: RouteEntry[];
  trackings: Tracking[];
  useInternalConsentManager: boolean;
  produktApi: ProductSource;
  apiRoute: string;
  content: {
    provider: ContentProvider;
    app?: string;
    url?: string;
    environment?: string;
    clientIdEnv?: string;
    clientSecretEnv?: string;
  };
  ShowProductCategory: boolean;
  AllowSelfRecommendation: boolean;
  EmailWhitelist: string[];
  RecommenderDefaultShare: string;
  AgbCheckBoxAutoAccept: boolean;
  IsAutologin: boolean;
  ForcedLoginPrePage?: string;
  ModuleAuftragsdatumMindestalterTage: number;
  MaxEmpfaengerPraemieCent: number;
  FacebookId: string;
  frameAncestors: string[];
  /** Server only (stripped from MandantResponse): integration keys, webhooks, reward periods, payouts. */
  programme: ProgrammeConfig;
  /** Server only (stripped from MandantResponse): the agencies' identity provider, when they sign in by SSO. */
  agencySso?: AgencySsoConfig;
  /** Server only (stripped from MandantResponse): the back office's identity provider (same shape). */
  backofficeSso?: AgencySsoConfig;
  theme: Theme;
} & Record<FeatureModule, boolean> &
  Record<ChannelModule, number>;

export type WebhookEventType =
  | 'recommendation.created'
  | 'recipient.confirmed'
  | 'order.attributed'
  | 'recommendation.released'
  | 'reward.paid'
  | 'recommendation.cancelled';

/** mandant.json `agencySso` (schemas/mandant.schema.json): the agencies' OpenID Connect provider. */
export interface AgencySsoConfig {
  /** The issuer URL, or `local` for the demo provider the server starts (server/agency/sso/). */
  issuer: string;
  clientId: string;
  /** Name of the environment variable with the client secret; never the secret itself. */
  clientSecretEnv?: string;
  /** Path after the language the provider redirects to; default the AgencyLogin route. */
  redirectPath?: string;
}

/** mandant.json `programme` (schemas/mandant.schema.json): order to reward, docs/lifecycle.md. */
export interface ProgrammeConfig {
  /** SPEC 6: wildcards of staff and agents' addresses barred from the programme (domain/emailRules.ts). */
  excludedEmailWildcards: string[];
  integrationKeys: { id: string; secretEnv: string }[];
  webhooks: { url: string; secretEnv: string; events?: WebhookEventType[] }[];
  rewardChoiceDays: number;
  voucherLowStock: number;
  /** Issue 16: the seller agreement's version (default 'v1'; server/profi/account/profiSellers.ts). */
  profiAgreementVersion?: string;
  /** Issue 16: profi-seller campaign extras on top of a product's Provision (domain/profiCommission.ts). */
  profiExtras?: ProfiExtra[];
  payout?: { debtorName: string; debtorIban: string; debtorBic?: string };
  /** The client's company on the agencies' commission credit notes (server/agency/invoices). */
  company?: MandantCompany;
}

/** mandant.json `programme.company`: name and address of the client, as credit notes print them. */
/** One profi-seller campaign extra: cents added to the commission of orders of these products in the window. */
export interface ProfiExtra {
  Id: string;
  ProduktIds: string[];
  ExtraCent: number;
  /** YYYY-MM-DD, first order day. */
  Von: string;
  /** YYYY-MM-DD, last order day, or null (open). */
  Bis: string | null;
}

export interface MandantCompany {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  country?: string;
  vatId?: string;
}

/**
 * GET /api/v1/mandant/{mandant}: the public configuration. Secrets (content credentials) stay on the
 * server; pages are merged over _base and keyed by route name.
 */
export type MandantResponse = Omit<
  MandantConfig,
  'content' | 'hosts' | 'default' | 'programme' | 'agencySso' | 'backofficeSso'
> & {
  id: string;
  content: { provider: ContentProvider };
  pages: Record<string, PageFile>;
};

/** GET /api/v1/{mandant}/route/default: languages plus route name → path. */
export interface DefaultRoutesResponse {
  SupportedLanguage: { Sprache: string[]; Standard: string };
  Routes: Record<string, string>;
}

/** Entry of GET /content/getlanguages and of GET /content/getlanguagecontent/{lang} (`Languages`). */
export interface KeyValue {
  Key: string;
  Value: string;
}

export interface LanguageContentResponse {
  Languages: KeyValue[];
}

export interface HealthResponse {
  status: 'ok' | 'unavailable';
  database: 'ok' | 'unavailable';
  mandants: number;
}

/**
 * Boot data the server embeds into index.html as `<script type="application/json" id="boot-data">`,
 * so the first paint needs no API round trip. Same content as the four configuration calls; when it is
 * missing (e.g. the runtime runs against the original backend) the runtime makes those calls instead.
 */
export interface BootData {
  mandantId: string;
  mandant: MandantResponse;
  routes: DefaultRoutesResponse;
  additionalRoutes: RouteEntry[];
  languages: KeyValue[];
  /** The language whose content is included (from the URL's first segment, else the default). */
  language: string;
  languageContent: KeyValue[];
}

export const BOOT_DATA_ELEMENT_ID = 'boot-data';
/** URL prefix of a mandant's static files (mandants/{id}/assets/): `/mandant-assets/{id}/{file}`. */
export const MANDANT_ASSETS_PREFIX = '/mandant-assets';
