import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { demoProfiSellerId } from '../../server/demo/demoProfiPlugin.ts';

/**
 * A due cash reward of the telko demo, written directly (the order-to-reward path has its own tests):
 * a recommendation of the demo recommender Anna, her reward (Bereitgestellt, transfer chosen) with her
 * bank data, and optionally the friend's part with the friend's IBAN.
 */
export async function dueCashRewards(
  app: FastifyInstance,
  options: { recommenderCent: number; recipientCent?: number; mandantId?: string },
): Promise<{ nr: string; ids: string[] }> {
  const db = app.database.kysely;
  const mandantId = options.mandantId ?? 'telko';
  const account = await db
    .selectFrom('account')
    .select('id')
    .where('mandant_id', '=', mandantId)
    .orderBy('created_at')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('bank_account')
    .values({
      account_id: account.id,
      mandant_id: mandantId,
      iban_encrypted: app.fieldCipher.encrypt('DE75512108001245126199', `${mandantId}:bank_account`),
      kontoinhaber: 'Anna Beispiel',
    })
    .onConflict((conflict) => conflict.column('account_id').doNothing())
    .execute();
  const nr = String(100_000_000 + Math.floor(Math.random() * 899_999_999));
  const recommendation = await db
    .insertInto('recommendation')
    .values({
      mandant_id: mandantId,
      empfehlungsnummer: nr,
      link_hex: randomBytes(16).toString('hex'),
      account_id: account.id,
      produkt_id: '101',
      status: 'Freigegeben',
      link_expires_at: new Date(Date.now() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: string[] = [];
  const mine = await db
    .insertInto('praemierung')
    .values({
      mandant_id: mandantId,
      recommendation_id: recommendation.id,
      account_id: account.id,
      status: 'Bereitgestellt',
      wert_cent: options.recommenderCent,
      praemie_id: 'ueberweisung',
      chosen_at: new Date(),
      beneficiary: 'recommender',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.push(mine.id);
  if (options.recipientCent !== undefined) {
    const recipient = await db
      .insertInto('recipient')
      .values({
        mandant_id: mandantId,
        recommendation_id: recommendation.id,
        empfaengernummer: nr,
        vorname: 'Fiona',
        nachname: 'Freundin',
        email: `fiona.${nr}@example.net`,
        iban_encrypted: app.fieldCipher.encrypt('DE89370400440532013000', `${mandantId}:recipient`),
        kontoinhaber: 'Fiona Freundin',
        delete_after: new Date(Date.now() + 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const theirs = await db
      .insertInto('praemierung')
      .values({
        mandant_id: mandantId,
        recommendation_id: recommendation.id,
        status: 'Bereitgestellt',
        wert_cent: options.recipientCent,
        praemie_id: 'ueberweisung',
        chosen_at: new Date(),
        beneficiary: 'recipient',
        recipient_id: recipient.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(theirs.id);
  }
  return { nr, ids };
}

/**
 * An unpaid credit note of the telko demo's profi-seller for a month before the demo's own (whose notes its
 * own run has paid), as the monthly job makes it: the next payout run pays it. Its number, past six digits,
 * is printed in full.
 */
export async function unpaidDemoCreditNote(app: FastifyInstance): Promise<{ id: string }> {
  const db = app.database.kysely;
  const sellerId = await demoProfiSellerId(db, 'telko');
  if (!sellerId) throw new Error('the telko demo has a profi-seller');
  return db
    .insertInto('profi_credit_note')
    .values({
      mandant_id: 'telko',
      profi_seller_id: sellerId,
      nummer: 1_234_567,
      monat: '2020-09-01',
      rechnungsdatum: '2020-10-01',
      steuerstatus: 'regelbesteuert',
      netto_cent: 10_000,
      ust_satz_promille: 190,
      ust_cent: 1_900,
      brutto_cent: 11_900,
      positionen: JSON.stringify([]),
      parteien: JSON.stringify({ Leistender: { Name: 'Paulsen Mobilfunk-Shop GmbH' }, Empfaenger: {} }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
