/**
 * Wire shapes of the recommend and share calls (SPEC section 7, Recommendation; issue 4), shared by server
 * and runtime. Field names follow SPEC's German style (Empfehlung, Empfehler, Empfaenger, AnteilEmpfehler …).
 */
import type { LinkType, ShareChannel } from '../domain/recommendationLinks.ts';

/** SPEC 3: how a recommendation came about (recommendation.kind). */
export const RECOMMENDATION_KINDS = ['standard', 'agent', 'company', 'offline'] as const;
export type RecommendationKind = (typeof RECOMMENDATION_KINDS)[number];

/** POST /Empfehlen/create without a body: whether the form must carry a solved captcha. */
export interface CaptchaCheckResponse {
  CaptchaErforderlich: boolean;
}

/** A campaign consent given in the form (GET /aktion/alleAktiven lists the campaigns). */
export interface AktionZustimmung {
  AktionsId: string;
  Zustimmung: boolean;
}

/** POST /Empfehlen/create: Empfehlung, Empfehler (the recommender) and optionally Empfaenger (the friend). */
export interface CreateRecommendationRequest {
  Empfehlung: {
    /** The product (or, with produktApi 'agent list', the agent's ExterneId) recommended. */
    Produkt: string | number;
    /** Percent of the reward the recommender keeps: the mandant's default or 50 (SPEC 5: parsed as integer). */
    AnteilEmpfehler?: string | number;
    /** SPEC 5: true, 'yes' or a positive number count as accepted. */
    AgbAkzeptiert?: boolean | string | number;
    /** standard (default), agent (EmpfehlenAgent), company (RecommendEmployee) or offline (code). */
    Art?: RecommendationKind;
    /** The call-centre agent who enters the recommendation (ModuleAgentRecommendation). */
    Agentennummer?: string;
    Channel?: ShareChannel;
    Aktionen?: AktionZustimmung[];
  };
  Empfehler: {
    Vorname: string;
    Nachname: string;
    Email: string;
    /** The recommending company (ModuleCompanyRecommendation). */
    Firma?: string;
    /**
     * The recommender asks for the newsletter (ModuleNewsletterPermission). Informative for the server: the
     * double opt-in runs through the account's PUT /empfehler/setNewsletterOptin, which the form calls.
     */
    NewsletterPermission?: boolean;
  };
  /** The friend, when the recommender (or agent) names them; the server never mails them. */
  Empfaenger?: {
    Vorname?: string;
    Nachname?: string;
    Email: string;
  };
  /** The ALTCHA payload when CaptchaErforderlich. */
  Captcha?: string;
}

export interface RecommendationReward {
  /** The highest active reward of the product when the recommendation was made. */
  WertCent: number;
  /** What the recommender keeps and what the recipient gets (MaxEmpfaengerPraemieCent caps the latter). */
  EmpfehlerCent: number;
  EmpfaengerCent: number;
}

/**
 * GET /empfehlen/{nr}: the public, non-personal view of a recommendation (share page, QR code, recipient
 * landing). Only the recommender's first name; `Code` and `Verwaltungstoken` only for the owner.
 */
export interface RecommendationView {
  Empfehlungsnummer: string;
  Art: RecommendationKind;
  Status: string;
  Produkt: { Id: string; Name: string; Quelle: string | null };
  Praemie: RecommendationReward | null;
  AnteilEmpfehler: number;
  EmpfehlerVorname: string | null;
  /** Last moment the friend can follow the link, wire date-time (YYYY-MM-DDThh:mm:ss, Berlin). */
  GueltigBis: string;
  Abgelaufen: boolean;
  /** RecommenderOptIn: the recommender has not yet confirmed the e-mail address; nothing can be shared. */
  OptinAusstehend: boolean;
  /** Link without a channel: `{origin}/empfehlen/click/{nr}`; channels append `?channel=`. */
  Empfehlungslink: string;
  KurzURL: string;
  LinkTyp: LinkType;
  Channel: string | null;
  /** Offline recommendation code (ModuleErstelleOfflineEmpfehlungCode); only for the owner. */
  Code?: string | null;
  /** Proves ownership for PUT /empfehlung/{nr} and the owner's view; only in the creator's answers. */
  Verwaltungstoken?: string;
}

/** POST /Empfehlen/create answers the view for its creator (with Code and Verwaltungstoken). */
export type CreateRecommendationResponse = RecommendationView;

/** PUT /empfehlung/{nr}: the owner records the channel and link type they shared by. */
export interface UpdateRecommendationRequest {
  Channel?: ShareChannel;
  /** SPEC 3 "Empfehlungslink flag": true shares the Empfehlungslink, false the KurzURL. */
  Empfehlungslink?: boolean;
}

/** GET /empfehlung/{nr}/produkt/produktlink: where the friend orders the product. */
export interface ProductLinkResponse {
  Produktlink: string;
}

/** A campaign (SPEC 3): GET /aktion/alleAktiven. Texts in the request language. */
export interface Aktion {
  AktionsId: string;
  Titel: string;
  Text: string;
  RechtsText: string;
  /** Checkbox pre-ticked. */
  abgehakt: boolean;
  /** The campaign asks for consent (a checkbox) rather than only informing. */
  Zustimmung: boolean;
}

/**
 * Header that makes a create replay-safe: the form generates one random id per submission and sends it with
 * every retry, so a repeated request answers the recommendation made the first time instead of a second one.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Header carrying the owner's Verwaltungstoken for PUT /empfehlung/{nr} and the owner's GET. */
export const OWNER_TOKEN_HEADER = 'X-Empfehlung-Token';
