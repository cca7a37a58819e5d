import { wireDateTime } from '../../domain/format.ts';
import { clickPath, shortLink } from '../../domain/recommendationLinks.ts';
import { splitReward } from '../../domain/rewards.ts';
import type { MandantConfig } from '../../schemas/api.ts';
import type { RecommendationView } from '../../schemas/recommendFormApi.ts';
import { isRecommendationExpired } from '../recipients/recommendationState.ts';
import { isOptinPending, type RecommendationRow } from './RecommendationRepository.ts';

export interface ViewContext {
  config: Pick<MandantConfig, 'MaxEmpfaengerPraemieCent'>;
  /** The mandant's public origin as the request saw it. */
  origin: string;
  /** The product's display name (looked up again: product data changes only with a restart). */
  productName: string;
  now: Date;
  /** Set for the creator and the owner: adds the offline code and the Verwaltungstoken. */
  ownerToken?: string;
}

/**
 * The recommendation as the share page, the QR code and a recipient see it: product, reward, validity and
 * links, with only the recommender's first name. The owner also gets the offline code and the token.
 */
export function toRecommendationView(row: RecommendationRow, context: ViewContext): RecommendationView {
  const split =
    row.praemie_cent === null
      ? null
      : splitReward(row.praemie_cent, row.anteil_empfehler, context.config.MaxEmpfaengerPraemieCent);
  const view: RecommendationView = {
    Empfehlungsnummer: row.empfehlungsnummer,
    Art: row.kind,
    Status: row.status,
    Produkt: { Id: row.produkt_id, Name: context.productName, Quelle: row.produkt_quelle },
    Praemie:
      row.praemie_cent === null || split === null
        ? null
        : {
            WertCent: row.praemie_cent,
            EmpfehlerCent: split.recommenderCent,
            EmpfaengerCent: split.recipientCent,
          },
    AnteilEmpfehler: row.anteil_empfehler,
    EmpfehlerVorname: row.empfehler_vorname,
    GueltigBis: wireDateTime(row.link_expires_at),
    Abgelaufen: isRecommendationExpired(
      // The pending opt-in is its own field below, not an expiry.
      {
        status: row.status,
        linkExpiresAt: row.link_expires_at,
        erasedAt: row.erased_at,
        optinPending: false,
      },
      context.now,
    ),
    OptinAusstehend: isOptinPending(row),
    // Without a channel: each share target appends its own (recommendationLink).
    Empfehlungslink: `${context.origin}${clickPath(row.empfehlungsnummer)}`,
    KurzURL: shortLink(context.origin, row.empfehlungsnummer),
    LinkTyp: row.link_type,
    Channel: row.channel,
  };
  if (context.ownerToken) {
    view.Code = row.code;
    view.Verwaltungstoken = context.ownerToken;
  }
  return view;
}
