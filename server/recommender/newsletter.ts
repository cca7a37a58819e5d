import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { wireDateTime } from '../../domain/format.ts';
import {
  NEWSLETTER_CONSENT_TEXT_KEY,
  type NewsletterFields,
  OPTIN_LINK_VALID_HOURS,
  OPTIN_RESEND_AFTER_MINUTES,
  OPTOUT_LINK_VALID_DAYS,
  type SetNewsletterOptinResponse,
} from '../../schemas/newsletter.ts';
import type { Account } from '../account/accountRepository.ts';
import type {
  DatabaseSchema,
  NewsletterConsentEvent,
  NewsletterConsentSource,
} from '../db/DatabaseSchema.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { fillPlaceholders } from '../mail/mailContext.ts';
import type { MailService } from '../mail/mailPlugin.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import type { Db } from './ownership.ts';

/** The database and the mail outbox: all the newsletter opt-in needs besides the mandant and account. */
export interface NewsletterDeps {
  db: Kysely<DatabaseSchema>;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
}

/**
 * The newsletter double opt-in (SPEC 3, 4, 7): optedOut → pending (opt-in mail sent) → optedIn (link from
 * the mail used). Every step is one transaction that also appends the consent event with the exact text
 * shown, its version and the source, so that a consent can be proven (GDPR Art. 7(1)).
 */

/** Whether the mandant offers the newsletter (ModuleNewsletterPermission); PSOF0244 otherwise. */
export function requireNewsletter(mandant: LoadedMandant): void {
  if (!mandant.config.ModuleNewsletterPermission) throw new ApiProblem('PSOF0244');
}

/**
 * The consent text the person saw — the mandant's text in the page's language, else in its default
 * language — with its version and the language it is in.
 */
export function consentText(
  mandant: LoadedMandant,
  requested: string,
): { text: string; version: string; language: string } {
  const language = mandant.languageContent.has(requested)
    ? requested
    : mandant.config.SupportedLanguage.Standard;
  const texts = mandant.languageContent.get(language) ?? [];
  const raw = texts.find((entry) => entry.Key === NEWSLETTER_CONSENT_TEXT_KEY)?.Value;
  if (raw === undefined) throw new Error(`mandant ${mandant.id} has no text ${NEWSLETTER_CONSENT_TEXT_KEY}`);
  // As the page shows it: the runtime fills {{mandantName}} the same way.
  const text = fillPlaceholders(raw, { mandantName: mandant.config.name });
  return { text, version: createHash('sha256').update(text).digest('hex'), language };
}

export function newsletterFields(account: {
  newsletter_optin_gegeben: boolean;
  newsletter_optin_versendet_am: Date | null;
}): NewsletterFields {
  return {
    NewsletterOptinGegeben: account.newsletter_optin_gegeben,
    NewsletterOptinVersendetAm: account.newsletter_optin_versendet_am
      ? wireDateTime(account.newsletter_optin_versendet_am)
      : null,
  };
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function recordConsent(
  db: Db,
  mandant: LoadedMandant,
  accountId: string,
  event: NewsletterConsentEvent,
  source: NewsletterConsentSource,
  language: string,
): Promise<void> {
  const { text, version, language: shown } = consentText(mandant, language);
  await db
    .insertInto('newsletter_consent')
    .values({
      mandant_id: mandant.id,
      account_id: accountId,
      event,
      consent_text: text,
      text_version: version,
      language: shown,
      source,
    })
    .execute();
}

async function newToken(
  db: Db,
  mandantId: string,
  accountId: string,
  purpose: 'optin' | 'optout',
  validMinutes: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('newsletter_token')
    .values({
      token_hash: hashToken(token),
      mandant_id: mandantId,
      account_id: accountId,
      purpose,
      expires_at: sql<Date>`now() + make_interval(mins => ${validMinutes}::int)`,
    })
    .execute();
  return token;
}

/**
 * PUT /empfehler/setNewsletterOptin: opted in already → OptinAlreadySet; an opt-in mail sent within
 * OPTIN_RESEND_AFTER_MINUTES → OptinMailAlreadySent (no second mail); otherwise the opt-in mail goes out
 * (older unused links die) and the state becomes pending.
 */
export async function requestOptin(
  deps: NewsletterDeps,
  mandant: LoadedMandant,
  account: Account,
  /** The page's language (the consent text shown) and the origin of the mail's links. */
  page: { language: string; origin: string },
): Promise<SetNewsletterOptinResponse> {
  requireNewsletter(mandant);
  const pageLanguage = page.language;
  const answer = await deps.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('account')
      .select(['newsletter_optin_gegeben', 'newsletter_optin_versendet_am'])
      .where('mandant_id', '=', mandant.id)
      .where('id', '=', account.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (current.newsletter_optin_gegeben) {
      return { ...newsletterFields(current), OptinAlreadySet: true, OptinMailAlreadySent: false };
    }
    const sentAt = current.newsletter_optin_versendet_am;
    if (sentAt && Date.now() - sentAt.getTime() < OPTIN_RESEND_AFTER_MINUTES * 60_000) {
      return { ...newsletterFields(current), OptinAlreadySet: false, OptinMailAlreadySent: true };
    }
    const updated = await enqueueOptinMail(trx, deps.mail, mandant, account, page.origin);
    await recordConsent(trx, mandant, account.id, 'requested', 'settings', pageLanguage);
    return { ...newsletterFields(updated), OptinAlreadySet: false, OptinMailAlreadySent: false };
  });
  if (!answer.OptinAlreadySet && !answer.OptinMailAlreadySent) deps.mail.kick();
  return answer;
}

/**
 * The opt-in mail with new links (older unused opt-in links die) and the time it went out, in the caller's
 * transaction: the person's own request (`requestOptin`, which also records the consent event) and the back
 * office's resend of a lost mail (issue 15; no new consent event — the person asked before). Answers the
 * account's newsletter columns after it.
 */
export async function enqueueOptinMail(
  trx: Db,
  mail: Pick<MailService, 'enqueue'>,
  mandant: LoadedMandant,
  account: Pick<Account, 'id' | 'email' | 'language' | 'vorname' | 'nachname'>,
  origin: string,
) {
  await trx
    .updateTable('newsletter_token')
    .set({ used_at: sql<Date>`now()` })
    .where('mandant_id', '=', mandant.id)
    .where('account_id', '=', account.id)
    .where('purpose', '=', 'optin')
    .where('used_at', 'is', null)
    .execute();
  const confirmToken = await newToken(trx, mandant.id, account.id, 'optin', OPTIN_LINK_VALID_HOURS * 60);
  const optoutToken = await newToken(trx, mandant.id, account.id, 'optout', OPTOUT_LINK_VALID_DAYS * 24 * 60);
  const updated = await trx
    .updateTable('account')
    .set({ newsletter_optin_versendet_am: sql<Date>`now()` })
    .where('mandant_id', '=', mandant.id)
    .where('id', '=', account.id)
    .returning(['newsletter_optin_gegeben', 'newsletter_optin_versendet_am'])
    .executeTakeFirstOrThrow();
  await mail.enqueue(trx, {
    mandantId: mandant.id,
    to: account.email,
    language: account.language,
    template: 'newsletterOptin',
    data: {
      vorname: account.vorname,
      nachname: account.nachname,
      confirmToken,
      optoutToken,
      validHours: OPTIN_LINK_VALID_HOURS,
    },
    origin,
  });
  return updated;
}

/** Uses a mail link's token once: the account it belongs to, or PSOF0245 (unknown, expired) / PSOF0246 (used). */
async function spendToken(
  db: Db,
  mandantId: string,
  token: string,
  purpose: 'optin' | 'optout',
): Promise<string> {
  const tokenHash = hashToken(token);
  const accepted = await db
    .updateTable('newsletter_token')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('mandant_id', '=', mandantId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('account_id')
    .executeTakeFirst();
  if (accepted) return accepted.account_id;
  const known = await db
    .selectFrom('newsletter_token')
    .select('used_at')
    .where('token_hash', '=', tokenHash)
    .where('mandant_id', '=', mandantId)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  throw new ApiProblem(known?.used_at ? 'PSOF0246' : 'PSOF0245');
}

/** /empfehler/newsletter/optin: the link from the opt-in mail makes the state optedIn (once). */
export async function confirmOptin(
  deps: NewsletterDeps,
  mandant: LoadedMandant,
  token: string,
  /** The language of the page the link opened (the consent text shown there). */
  language: string,
): Promise<NewsletterFields> {
  requireNewsletter(mandant);
  return deps.db.transaction().execute(async (trx) => {
    const accountId = await spendToken(trx, mandant.id, token, 'optin');
    const updated = await trx
      .updateTable('account')
      .set({ newsletter_optin_gegeben: true })
      .where('mandant_id', '=', mandant.id)
      .where('id', '=', accountId)
      .returning(['newsletter_optin_gegeben', 'newsletter_optin_versendet_am'])
      .executeTakeFirstOrThrow();
    await recordConsent(trx, mandant, accountId, 'confirmed', 'mail-link', language);
    return newsletterFields(updated);
  });
}

/**
 * /empfehler/newsletter/optout: withdraws consent (or a pending request) — logged in (`accountId`) or
 * with the unsubscribe link of the opt-in mail (`token`). Open opt-in links die with it.
 */
export async function withdrawOptin(
  deps: NewsletterDeps,
  mandant: LoadedMandant,
  by: { accountId: string; source: NewsletterConsentSource } | { token: string },
  language: string,
): Promise<NewsletterFields> {
  requireNewsletter(mandant);
  return deps.db.transaction().execute(async (trx) => {
    const accountId = 'token' in by ? await spendToken(trx, mandant.id, by.token, 'optout') : by.accountId;
    const updated = await trx
      .updateTable('account')
      .set({ newsletter_optin_gegeben: false, newsletter_optin_versendet_am: null })
      .where('mandant_id', '=', mandant.id)
      .where('id', '=', accountId)
      .returning(['newsletter_optin_gegeben', 'newsletter_optin_versendet_am'])
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('newsletter_token')
      .set({ used_at: sql<Date>`now()` })
      .where('mandant_id', '=', mandant.id)
      .where('account_id', '=', accountId)
      .where('purpose', '=', 'optin')
      .where('used_at', 'is', null)
      .execute();
    const source = 'token' in by ? 'mail-link' : by.source;
    await recordConsent(trx, mandant, accountId, 'withdrawn', source, language);
    return newsletterFields(updated);
  });
}
