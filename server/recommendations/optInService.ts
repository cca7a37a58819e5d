import type { Kysely } from 'kysely';
import type { RecommendationView } from '../../schemas/recommendFormApi.ts';
import type { ClickLinks } from '../clicks/ClickLinks.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import type { MailService } from '../mail/mailPlugin.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import type { ProductCatalogue } from '../products/ProductCatalogue.ts';
import { enqueueOptinMail, hashOptinToken, isOptinLinkValid, newOptinToken } from './optIn.ts';
import type { OwnerTokens } from './ownerToken.ts';
import { isOptinPending, type RecommendationRepository } from './RecommendationRepository.ts';
import { productNameOf } from './recommendableProduct.ts';
import { toRecommendationView } from './recommendationView.ts';

/** What the recommender's opt-in needs: plain values, never the Fastify app. */
export interface OptInServiceDeps {
  db: Kysely<DatabaseSchema>;
  repository: RecommendationRepository;
  ownerTokens: Pick<OwnerTokens, 'issue'>;
  clickLinks: Pick<ClickLinks, 'forget'>;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
  catalogues: ReadonlyMap<string, ProductCatalogue> | undefined;
  now: () => Date;
}

/** A confirmed recommendation: its id (for the log) and the owner's view. */
export interface OptInConfirmed {
  recommendationId: string;
  view: RecommendationView;
}

/** A request for a new opt-in link: the pending recommendation of this e-mail and product, if any. */
export interface OptInResend {
  mandant: LoadedMandant;
  email: string;
  produkt: string;
  /** Scheme and host of the link (`mail.originFor(request, mandant)`). */
  origin: string;
  language: string;
}

/**
 * The recommender's opt-in (PSOF0305/PSOF0306) behind optInRoutes.ts: confirming with the token of the
 * opt-in mail, and a new link for a pending recommendation (the mail in the transaction of the new token).
 */
export function createOptInService(deps: OptInServiceDeps) {
  const { repository } = deps;

  /** POST /Empfehlen/optin: unknown, used or older than 48 hours 410 PSOF0325. `origin`: of the answer's links. */
  async function confirm(mandant: LoadedMandant, token: string, origin: string): Promise<OptInConfirmed> {
    const hash = hashOptinToken(token);
    const now = deps.now();
    const pending = await repository.findByOptinToken(mandant.id, hash);
    if (!pending || !isOptinLinkValid(pending, now)) throw new ApiProblem('PSOF0325');
    const confirmed = await repository.confirmOptin(mandant.id, hash, now);
    // The link may have been looked up (and cached as not open yet) before the confirmation.
    if (confirmed) deps.clickLinks.forget(mandant.id, confirmed.empfehlungsnummer);
    if (!confirmed) throw new ApiProblem('PSOF0325');
    const view = toRecommendationView(confirmed, {
      config: mandant.config,
      origin,
      productName: productNameOf(deps.catalogues, mandant, confirmed),
      now,
      ownerToken: deps.ownerTokens.issue(mandant.id, confirmed.empfehlungsnummer),
    });
    return { recommendationId: confirmed.id, view };
  }

  /** POST /Empfehlen/optin/resend: a new link and its mail when a pending recommendation exists; else nothing. */
  async function resend(request: OptInResend): Promise<boolean> {
    const { mandant } = request;
    const now = deps.now();
    const sent = await deps.db.transaction().execute(async (tx) => {
      const pending = await repository.findPendingOptin(tx, mandant.id, request.email, request.produkt, now);
      if (!pending || !isOptinPending(pending)) return false;
      const token = newOptinToken();
      const renewed = await repository.renewOptin(tx, mandant.id, pending.id, token.hash, now);
      if (!renewed) return false;
      await enqueueOptinMail(deps.mail, tx, {
        mandant,
        origin: request.origin,
        row: renewed,
        productName: productNameOf(deps.catalogues, mandant, renewed),
        token: token.token,
        language: request.language,
      });
      return true;
    });
    if (sent) deps.mail.kick();
    return sent;
  }

  return { confirm, resend };
}

export type OptInService = ReturnType<typeof createOptInService>;
