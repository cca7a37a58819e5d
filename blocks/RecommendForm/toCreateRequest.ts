import type { RecommendFormData } from '../../schemas/recommendForm.ts';
import type { CreateRecommendationRequest, RecommendationKind } from '../../schemas/recommendFormApi.ts';

export interface CreateContext {
  productId: string;
  kind: RecommendationKind;
  /** The ALTCHA payload, when the server asked for a captcha. */
  captcha: string | null;
  /** Only campaigns that ask for consent are sent. */
  consentCampaigns: readonly string[];
}

/** The form's data as SPEC 7's POST /Empfehlen/create body (Empfehlung, Empfehler). */
export function toCreateRequest(
  data: RecommendFormData,
  context: CreateContext,
): CreateRecommendationRequest {
  const campaigns = context.consentCampaigns.map((id) => ({
    AktionsId: id,
    Zustimmung: data.aktionen?.[id] === true,
  }));
  const company = data.firma?.trim();
  const agentNumber = data.agentennummer?.trim();
  return {
    Empfehlung: {
      Produkt: context.productId,
      AgbAkzeptiert: data.agb === true,
      Art: context.kind,
      ...(data.anteilEmpfehler !== undefined ? { AnteilEmpfehler: data.anteilEmpfehler } : {}),
      ...(context.kind === 'agent' && agentNumber ? { Agentennummer: agentNumber } : {}),
      ...(campaigns.length > 0 ? { Aktionen: campaigns } : {}),
    },
    Empfehler: {
      Vorname: (data.vorname ?? '').trim(),
      Nachname: (data.nachname ?? '').trim(),
      Email: (data.email ?? '').trim(),
      ...(context.kind === 'company' && company ? { Firma: company } : {}),
      ...(data.newsletter ? { NewsletterPermission: true } : {}),
    },
    ...(context.captcha ? { Captcha: context.captcha } : {}),
  };
}
