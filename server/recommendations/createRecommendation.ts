import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { wireDateTime } from '../../domain/format.ts';
import { activeRewardRange } from '../../domain/rewards.ts';
import { RECIPIENT_DATA_DELETE_WEEKS, RECIPIENT_LINK_VALID_DAYS } from '../../schemas/constants.ts';
import type { CreateRecommendationRequest, RecommendationKind } from '../../schemas/recommendFormApi.ts';
import type { Account, AccountRepository } from '../account/accountRepository.ts';
import { normalizeEmail } from '../auth/normalizeEmail.ts';
import type { AktionConsent, DatabaseSchema } from '../db/DatabaseSchema.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import type { Lifecycle } from '../lifecycle/Lifecycle.ts';
import type { MailService } from '../mail/mailPlugin.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { type CampaignEntry, isCampaignActive } from './campaigns.ts';
import { enqueueOptinMail, newOptinToken } from './optIn.ts';
import {
  isOptinPending,
  type NewRecommendation,
  type RecommendationRepository,
  type RecommendationRow,
} from './RecommendationRepository.ts';
import { randomLinkHex, randomNumber, randomOfflineCode } from './randomCodes.ts';
import type { RecommendableProduct } from './recommendableProduct.ts';
import { checkRecommendationRules, resolveShare } from './recommendationRules.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Numbers are random; a clash is rare, several in a row mean something else is wrong. */
const MAX_ATTEMPTS = 8;

export interface CreateRecommendationInput {
  mandant: LoadedMandant;
  body: CreateRecommendationRequest;
  product: RecommendableProduct;
  /** The logged-in recommender; undefined for a guest. */
  account: Account | undefined;
  idempotencyKey: string | undefined;
  /** Request language: which terms and campaign texts the recommender saw. */
  language: string;
  now: Date;
  /** Checks and uses up the captcha; called after every other check and before anything is written. */
  assertCaptcha: () => Promise<void>;
  /** Scheme and host of the opt-in mail's links (`mail.originFor(request, mandant)`). */
  origin: string;
}

/** What creating a recommendation needs: plain values from the app's decorations, never the app. */
export interface CreateRecommendationDeps {
  db: Kysely<DatabaseSchema>;
  repository: RecommendationRepository;
  /** Each mandant's campaigns (aktionen.json). */
  campaigns: ReadonlyMap<string, readonly CampaignEntry[]>;
  accounts: Pick<AccountRepository, 'findByEmail'>;
  lifecycle: Pick<Lifecycle, 'recommendationCreated'>;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
}

export type CreateOutcome = { row: RecommendationRow; replayed: boolean };

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * POST /Empfehlen/create (SPEC 5 and 7, issue 4): checks every rule, then writes the recommendation — and
 * the friend named in Empfaenger — in one transaction, so a failure leaves nothing behind. A replay with
 * the same Idempotency-Key answers the recommendation made the first time.
 */
export async function createRecommendation(
  deps: CreateRecommendationDeps,
  input: CreateRecommendationInput,
): Promise<CreateOutcome> {
  const { mandant, body, product, account, now } = input;
  const { repository } = deps;
  const config = mandant.config;

  if (input.idempotencyKey) {
    const earlier = await repository.findByIdempotencyKey(mandant.id, input.idempotencyKey);
    if (earlier) return { row: earlier, replayed: true };
  }

  const kind: RecommendationKind = body.Empfehlung.Art ?? 'standard';
  // A logged-in recommender recommends as their account; the form is prefilled with it.
  const email = account ? account.email : normalizeEmail(body.Empfehler.Email);
  const recipientEmail = body.Empfaenger ? normalizeEmail(body.Empfaenger.Email) : undefined;
  const firma = body.Empfehler.Firma?.trim() || undefined;
  const agentennummer = body.Empfehlung.Agentennummer?.trim() || undefined;
  const violation = checkRecommendationRules(
    {
      kind,
      recommenderEmail: email,
      recipientEmail,
      termsValue: body.Empfehlung.AgbAkzeptiert,
      agentennummer,
      firma,
    },
    config,
  );
  if (violation) {
    throw new ApiProblem(
      violation.code,
      violation.pointer
        ? [{ pointer: violation.pointer, reason: violation.reason ?? 'is not accepted' }]
        : undefined,
    );
  }

  const anteil = resolveShare(body.Empfehlung.AnteilEmpfehler, config);
  if (anteil === undefined) throw new ApiProblem('PSOF0322');
  const aktionen = campaignConsents(deps.campaigns, mandant, body, input.language, wireDateTime(now));

  // A guest's e-mail may belong to an account; one that may not take part is refused without telling why.
  const owner = account ?? (await deps.accounts.findByEmail(mandant.id, email));
  if (owner && owner.status !== 'active') throw new ApiProblem('PSOF0301');
  // Anyone can type an address: before a guest's recommendation counts for an account, its owner confirms.
  const optin = !account && owner ? newOptinToken() : undefined;

  await input.assertCaptcha();

  const range = activeRewardRange(product.praemien, wireDateTime(now));
  const termsText = textOf(mandant, input.language, 'recommend.form.terms');
  const db = deps.db;
  const outcome = await db.transaction().execute(async (tx): Promise<CreateOutcome> => {
    await repository.lockRecommender(tx, mandant.id, email, product.id);
    // A parallel replay may have committed while this request waited for the lock.
    if (input.idempotencyKey) {
      const earlier = await repository.findByIdempotencyKey(mandant.id, input.idempotencyKey, tx);
      if (earlier) return { row: earlier, replayed: true };
    }
    const duplicate = await repository.findOpenDuplicate(tx, mandant.id, email, product.id, kind, now);
    if (duplicate) throw new ApiProblem(isOptinPending(duplicate) ? 'PSOF0305' : 'PSOF0300');
    const row = await insertWithFreshNumbers(repository, tx, {
      mandantId: mandant.id,
      withCode: config.ModuleErstelleOfflineEmpfehlungCode,
      kind,
      accountId: owner?.id ?? null,
      vorname: body.Empfehler.Vorname.trim(),
      nachname: body.Empfehler.Nachname.trim(),
      email,
      firma: kind === 'company' ? (firma ?? null) : null,
      produktId: product.id,
      produktQuelle: product.quelle,
      agentNummer: kind === 'agent' ? (agentennummer ?? null) : product.agentNummer,
      channel: body.Empfehlung.Channel ?? null,
      anteilEmpfehler: anteil,
      praemieCent: range?.maxCent ?? null,
      aktionen,
      agbTextVersion: termsText ? sha256(termsText) : null,
      idempotencyKey: input.idempotencyKey ?? null,
      linkExpiresAt: new Date(now.getTime() + RECIPIENT_LINK_VALID_DAYS * DAY_MS),
      optinTokenHash: optin?.hash ?? null,
      optinSentAt: optin ? now : null,
    });
    if ('replayed' in row) return row;
    await deps.lifecycle.recommendationCreated(tx, {
      mandantId: mandant.id,
      recommendationId: row.id,
      actor: 'recommender',
    });
    if (body.Empfaenger && recipientEmail) {
      await insertNamedRecipient(tx, row, body.Empfaenger, recipientEmail, now);
    }
    if (optin) {
      await enqueueOptinMail(deps.mail, tx, {
        mandant,
        origin: input.origin,
        row,
        productName: product.name,
        token: optin.token,
        language: input.language,
      });
    }
    return { row, replayed: false };
  });
  if (outcome.row.optin_token_hash !== null) deps.mail.kick();
  return outcome;
}

/** A recommendation before its random parts are drawn; `withCode` asks for an offline code. */
type Draft = Omit<NewRecommendation, 'empfehlungsnummer' | 'linkHex' | 'code'> & { withCode: boolean };

/**
 * Inserts with new random numbers until they are free. ON CONFLICT DO NOTHING keeps the transaction usable
 * after a clash; a clash on the idempotency key means a parallel replay won, and that one is answered.
 */
async function insertWithFreshNumbers(
  repository: RecommendationRepository,
  tx: Transaction<DatabaseSchema>,
  draft: Draft,
): Promise<RecommendationRow | CreateOutcome> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const { withCode, ...rest } = draft;
    const row = await repository.insert(tx, {
      ...rest,
      empfehlungsnummer: randomNumber(),
      linkHex: randomLinkHex(),
      code: withCode ? randomOfflineCode() : null,
    });
    if (row) return row;
    if (draft.idempotencyKey) {
      const earlier = await repository.findByIdempotencyKey(draft.mandantId, draft.idempotencyKey, tx);
      if (earlier) return { row: earlier, replayed: true };
    }
  }
  throw new Error('no free recommendation number after several attempts');
}

/** The friend the recommender named (Empfaenger): kept like any recipient, erased unconfirmed after 12 weeks. */
async function insertNamedRecipient(
  tx: Transaction<DatabaseSchema>,
  recommendation: RecommendationRow,
  recipient: NonNullable<CreateRecommendationRequest['Empfaenger']>,
  email: string,
  now: Date,
): Promise<void> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const inserted = await tx
      .insertInto('recipient')
      .values({
        mandant_id: recommendation.mandant_id,
        recommendation_id: recommendation.id,
        empfaengernummer: randomNumber(),
        vorname: recipient.Vorname?.trim() || null,
        nachname: recipient.Nachname?.trim() || null,
        email,
        delete_after: new Date(now.getTime() + RECIPIENT_DATA_DELETE_WEEKS * 7 * DAY_MS),
        channel: recommendation.channel,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return;
  }
  throw new Error('no free recipient number after several attempts');
}

/**
 * The campaign consents of the form: every AktionsId must be a campaign the mandant offers now, and each
 * consent is stored with the version (SHA-256) of the legal text the recommender saw.
 */
function campaignConsents(
  campaigns: CreateRecommendationDeps['campaigns'],
  mandant: LoadedMandant,
  body: CreateRecommendationRequest,
  language: string,
  now: string,
): AktionConsent[] {
  const offered = campaigns.get(mandant.id) ?? [];
  return (body.Empfehlung.Aktionen ?? []).map((given, index) => {
    const aktion = offered.find((candidate) => candidate.AktionsId === given.AktionsId);
    if (!aktion || !isCampaignActive(aktion, now)) {
      throw new ApiProblem('PSOF0323', [
        { pointer: `/Empfehlung/Aktionen/${index}/AktionsId`, reason: 'unknown or ended' },
      ]);
    }
    const legal =
      aktion.RechtsText[language] ?? aktion.RechtsText[mandant.config.SupportedLanguage.Standard] ?? '';
    return { AktionsId: aktion.AktionsId, Zustimmung: given.Zustimmung, textVersion: sha256(legal) };
  });
}

/** A text of the mandant in a language, as the runtime showed it (undefined when the key is missing). */
function textOf(mandant: LoadedMandant, language: string, key: string): string | undefined {
  const texts =
    mandant.languageContent.get(language) ??
    mandant.languageContent.get(mandant.config.SupportedLanguage.Standard);
  return texts?.find((entry) => entry.Key === key)?.Value;
}
