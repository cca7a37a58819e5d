import { sql } from 'kysely';
import { wireDateTime } from '../../domain/format.ts';
import { newsletterState } from '../../schemas/newsletter.ts';
import { maskName } from '../../schemas/personalArea.ts';
import type { Account } from '../account/accountRepository.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { decryptProfiIban } from '../profi/account/profiSellers.ts';
import { listOwned } from '../rewards/rewardStore.ts';
import type { BankDetailsDeps } from './bankDetails.ts';
import { readFullIban } from './bankDetails.ts';
import { newsletterFields } from './newsletter.ts';
import { type Owner, ownedRecommendationIds } from './ownership.ts';

const wire = (moment: Date | null): string | null => (moment ? wireDateTime(moment) : null);

/**
 * GET /empfehler/export: everything stored about the person, as JSON (GDPR Art. 20, and the copy of
 * Art. 15). The IBAN is included in full — it is data the person provided — and only ever for the
 * owner's own session (docs/adr/0011-erasure-and-export.md). Friends they recommended appear masked
 * ('M*** M***'): their data is theirs, not the recommender's. Secrets (password hash, token hashes) are
 * not personal data of the person and stay out.
 */
export async function exportAccountData(
  deps: BankDetailsDeps,
  mandant: LoadedMandant,
  account: Account,
): Promise<Record<string, unknown>> {
  const db = deps.db;
  const owner: Owner = { mandantId: mandant.id, accountId: account.id, email: account.email };
  const row = await db
    .selectFrom('account')
    .select(['created_at', 'newsletter_optin_gegeben', 'newsletter_optin_versendet_am'])
    .where('mandant_id', '=', mandant.id)
    .where('id', '=', account.id)
    .executeTakeFirstOrThrow();
  const recommendations = await db
    .selectFrom('recommendation')
    .select([
      'id',
      'empfehlungsnummer',
      'produkt_id',
      'channel',
      'status',
      'kind',
      'created_at',
      'link_expires_at',
      'empfehler_vorname',
      'empfehler_nachname',
      'empfehler_email',
      'empfehler_firma',
      'anteil_empfehler',
      'praemie_cent',
    ])
    .where('mandant_id', '=', mandant.id)
    .where('id', 'in', ownedRecommendationIds(db, owner))
    .orderBy('created_at')
    .execute();
  const recipients =
    recommendations.length === 0
      ? []
      : await db
          .selectFrom('recipient')
          .select(['recommendation_id', 'vorname', 'nachname'])
          .where('mandant_id', '=', mandant.id)
          // The owner's recommendations by subquery, never as a list of ids: 70,000 ids would pass
          // PostgreSQL's 65,535 bind parameters (issue 17).
          .where('recommendation_id', 'in', ownedRecommendationIds(db, owner))
          .where('erased_at', 'is', null)
          .execute();
  const consents = await db
    .selectFrom('newsletter_consent')
    .select(['event', 'consent_text', 'text_version', 'language', 'source', 'created_at'])
    .where('mandant_id', '=', mandant.id)
    .where('account_id', '=', account.id)
    .orderBy('created_at')
    .execute();
  const mails = await db
    .selectFrom('mail_outbox')
    .select(['template', 'subject', 'status', 'created_at', 'sent_at'])
    .where('mandant_id', '=', mandant.id)
    .where('recipient', '=', account.email)
    .orderBy('created_at')
    .execute();
  const rewards = await listOwned(db, owner);
  const newsletter = newsletterFields(row);
  const seller = await exportSellerData(deps, mandant.id, account.id);
  return {
    Erstellt: wireDateTime(new Date()),
    Programm: { Id: mandant.id, Name: mandant.config.name },
    Konto: {
      Email: account.email,
      Anrede: account.anrede,
      Vorname: account.vorname,
      Nachname: account.nachname,
      Sprache: account.language,
      Empfehlerhash: account.empfehlerHash,
      RegistriertAm: wireDateTime(row.created_at),
      PasswortGeaendertAm: wire(account.passwordChangedAt),
    },
    Newsletter: { Status: newsletterState(newsletter), ...newsletter },
    NewsletterEinwilligungen: consents.map((consent) => ({
      Ereignis: consent.event,
      Zeitpunkt: wireDateTime(consent.created_at),
      Text: consent.consent_text,
      Textversion: consent.text_version,
      Sprache: consent.language,
      Quelle: consent.source,
    })),
    Bankdaten: await readFullIban(deps, mandant.id, account.id),
    Empfehlungen: recommendations.map((recommendation) => ({
      Empfehlungsnummer: recommendation.empfehlungsnummer,
      Art: recommendation.kind,
      ProduktId: recommendation.produkt_id,
      Kanal: recommendation.channel,
      Status: recommendation.status,
      Datum: wireDateTime(recommendation.created_at),
      LinkGueltigBis: wireDateTime(recommendation.link_expires_at),
      AnteilEmpfehlerProzent: recommendation.anteil_empfehler,
      PraemieCent: recommendation.praemie_cent,
      AngabenZumEmpfehler: {
        Vorname: recommendation.empfehler_vorname,
        Nachname: recommendation.empfehler_nachname,
        Email: recommendation.empfehler_email,
        Firma: recommendation.empfehler_firma,
      },
      Empfaenger: recipients
        .filter((recipient) => recipient.recommendation_id === recommendation.id)
        .map((recipient) => maskName(recipient.vorname, recipient.nachname)),
    })),
    Praemierungen: rewards.map((reward) => ({
      Id: reward.id,
      Empfehlungsnummer: reward.empfehlungsnummer,
      Status: reward.status,
      WertCent: reward.wertCent,
      PraemieId: reward.praemieId,
      GewaehltAm: wire(reward.chosenAt),
      AbgeholtAm: wire(reward.collectedAt),
      Empfaenger: reward.empfaenger,
      Kundennummer: reward.kundennummer,
    })),
    Mails: mails.map((mail) => ({
      Vorlage: mail.template,
      Betreff: mail.subject,
      Status: mail.status,
      ErstelltAm: wireDateTime(mail.created_at),
      VersendetAm: wire(mail.sent_at),
    })),
    ...(seller ? { Profiverkaeufer: seller } : {}),
  };
}

/**
 * A profi-seller's business data (issue 16, ADR 0026), with the IBAN in full like the recommender's bank
 * data, every commission and every credit note; undefined when the account is no seller. An issued credit
 * note's lines stay in its PDF (the seller downloads it in the area); the export lists its figures.
 */
async function exportSellerData(
  deps: BankDetailsDeps,
  mandantId: string,
  accountId: string,
): Promise<Record<string, unknown> | undefined> {
  const seller = await deps.db
    .selectFrom('profi_seller')
    .selectAll()
    .where('mandant_id', '=', mandantId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!seller) return undefined;
  const commissions = await deps.db
    .selectFrom('profi_commission as c')
    .innerJoin('customer_order as o', 'o.id', 'c.order_id')
    .select([
      'o.external_order_id',
      'c.produkt_id',
      'c.basis_cent',
      'c.extra_cent',
      'c.status',
      'c.created_at',
      'c.approved_at',
      'c.cancelled_at',
      'c.paid_at',
    ])
    .where('c.mandant_id', '=', mandantId)
    .where('c.profi_seller_id', '=', seller.id)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
  const creditNotes = await deps.db
    .selectFrom('profi_credit_note')
    .select([
      'nummer',
      sql<string>`to_char(monat, 'YYYY-MM')`.as('monat'),
      sql<string>`rechnungsdatum::text`.as('rechnungsdatum'),
      'netto_cent',
      'ust_cent',
      'brutto_cent',
      'paid_at',
    ])
    .where('mandant_id', '=', mandantId)
    .where('profi_seller_id', '=', seller.id)
    .orderBy('monat')
    .execute();
  return {
    Profinummer: seller.profinummer,
    Art: seller.art,
    Firma: seller.firma,
    Strasse: seller.strasse,
    Plz: seller.plz,
    Ort: seller.ort,
    Telefon: seller.telefon,
    Steuerstatus: seller.steuerstatus,
    Steuernummer: seller.steuernummer,
    UstId: seller.ust_id,
    IBAN: decryptProfiIban(deps.cipher, mandantId, seller.iban_encrypted),
    Kontoinhaber: seller.kontoinhaber,
    VereinbarungVersion: seller.vereinbarung_version,
    VereinbarungAm: wire(seller.vereinbarung_at),
    Status: seller.status,
    RegistriertAm: wireDateTime(seller.created_at),
    Provisionen: commissions.map((commission) => ({
      Auftragsnummer: commission.external_order_id,
      ProduktId: commission.produkt_id,
      BasisCent: commission.basis_cent,
      ExtraCent: commission.extra_cent,
      Status: commission.status,
      ErstelltAm: wireDateTime(commission.created_at),
      FreigegebenAm: wire(commission.approved_at),
      StorniertAm: wire(commission.cancelled_at),
      BezahltAm: wire(commission.paid_at),
    })),
    Gutschriften: creditNotes.map((note) => ({
      Nummer: note.nummer,
      Monat: note.monat,
      Rechnungsdatum: note.rechnungsdatum,
      NettoCent: Number(note.netto_cent),
      UstCent: Number(note.ust_cent),
      BruttoCent: Number(note.brutto_cent),
      BezahltAm: wire(note.paid_at),
    })),
  };
}
