import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Ajv } from 'ajv';
import type { Kysely } from 'kysely';
import { RECIPIENT_DATA_DELETE_WEEKS, RECIPIENT_LINK_VALID_DAYS } from '../../schemas/constants.ts';
import type { AccountRepository } from '../account/accountRepository.ts';
import { normalizeEmail } from '../auth/normalizeEmail.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { findEntry } from '../rewards/rewardCatalogue.ts';
import { demoHistory } from './demoHistory.ts';
import { type DemoRecommendation, demoRecommendationsSchema } from './demoRecommendationsSchema.ts';
import { readDemoFiles } from './readDemoFiles.ts';

const validate = new Ajv({ allErrors: true, strict: true, verbose: true }).compile(demoRecommendationsSchema);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo recommendations of every mandant that has the file, validated (a broken file stops the start
 * like a broken mandant file): a known recommender of demo/accounts.json is not checked here — seeding
 * skips entries whose account does not exist — but a chosen reward must be in the catalogue.
 */
export async function readDemoRecommendations(
  mandants: readonly LoadedMandant[],
): Promise<ReadonlyMap<string, DemoRecommendation[]>> {
  const files = await readDemoFiles<{ recommendations: DemoRecommendation[] }>(
    mandants,
    'recommendations.json',
    validate,
    ({ recommendations }, file, mandant, problems) => {
      recommendations.forEach((entry, index) => {
        const praemieId = entry.praemierung?.praemieId;
        if (praemieId && !findEntry(mandant, praemieId)) {
          problems.add(
            file,
            `/recommendations/${index}/praemierung/praemieId`,
            `"${praemieId}" is not in praemien.json`,
          );
        }
      });
    },
  );
  return new Map([...files].map(([id, { recommendations }]) => [id, recommendations]));
}

function digits(count: number): string {
  return Array.from({ length: count }, () => randomInt(10)).join('');
}

/**
 * Creates the demo recommendations a mandant does not have yet (by empfehlungsnummer), each with its
 * recipient and reward. Existing ones are never changed, so what a demo user did (chose a reward,
 * deleted the account) survives a restart. Returns how many it created.
 */
export async function seedDemoRecommendations(
  deps: { db: Kysely<DatabaseSchema>; accounts: Pick<AccountRepository, 'findByEmail'> },
  mandant: LoadedMandant,
  entries: readonly DemoRecommendation[],
): Promise<number> {
  const { db } = deps;
  let created = 0;
  for (const entry of entries) {
    const account = await deps.accounts.findByEmail(mandant.id, normalizeEmail(entry.email));
    if (!account) continue;
    const createdAt = new Date(Date.now() - entry.daysAgo * DAY_MS);
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('recommendation')
        .values({
          mandant_id: mandant.id,
          empfehlungsnummer: entry.empfehlungsnummer,
          link_hex: randomBytes(16).toString('hex'),
          account_id: account.id,
          empfehler_vorname: account.vorname,
          empfehler_nachname: account.nachname,
          empfehler_email: account.email,
          produkt_id: entry.produktId,
          channel: entry.channel ?? null,
          praemie_cent: entry.praemierung?.wertCent ?? null,
          agb_text_version: createHash('sha256').update('demo').digest('hex'),
          // Demo fixtures are the one place that writes a status without the state machine: they are
          // stored as the end of a history (demoHistory.ts, checked against the machines by a unit test).
          status: entry.status,
          created_at: createdAt,
          link_expires_at: new Date(createdAt.getTime() + RECIPIENT_LINK_VALID_DAYS * DAY_MS),
        })
        .onConflict((conflict) => conflict.columns(['mandant_id', 'empfehlungsnummer']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return;
      created += 1;
      if (entry.empfaenger) {
        const confirmed = entry.status !== 'Offen' && entry.status !== 'Abgelaufen';
        await trx
          .insertInto('recipient')
          .values({
            mandant_id: mandant.id,
            recommendation_id: inserted.id,
            empfaengernummer: digits(10),
            vorname: entry.empfaenger.vorname,
            nachname: entry.empfaenger.nachname,
            email: normalizeEmail(entry.empfaenger.email),
            confirmed_at: confirmed ? createdAt : null,
            created_at: createdAt,
            delete_after: new Date(createdAt.getTime() + RECIPIENT_DATA_DELETE_WEEKS * 7 * DAY_MS),
          })
          .execute();
      }
      let rewardId: string | null = null;
      if (entry.praemierung) {
        const chosen = entry.praemierung.praemieId !== undefined;
        const collected =
          entry.praemierung.status === 'Abgeholt' || entry.praemierung.status === 'Ausgezahlt';
        await trx
          .insertInto('praemierung')
          .values({
            mandant_id: mandant.id,
            recommendation_id: inserted.id,
            account_id: account.id,
            status: entry.praemierung.status,
            wert_cent: entry.praemierung.wertCent,
            praemie_id: entry.praemierung.praemieId ?? null,
            chosen_at: chosen ? createdAt : null,
            empfaenger_vorname: chosen ? account.vorname : null,
            empfaenger_nachname: chosen ? account.nachname : null,
            empfaenger_email: chosen ? account.email : null,
            collected_at: collected ? createdAt : null,
            created_at: createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
          .then((row) => {
            rewardId = row.id;
          });
      }
      const history = demoHistory(entry.status, entry.praemierung?.status ?? null, entry.daysAgo);
      await trx
        .insertInto('lifecycle_event')
        .values(
          history.map((event) => ({
            mandant_id: mandant.id,
            recommendation_id: inserted.id,
            praemierung_id: event.reward ? rewardId : null,
            from_status: event.from,
            to_status: event.to,
            reason: event.reason,
            actor: event.actor,
            occurred_at: new Date(createdAt.getTime() + event.afterDays * DAY_MS),
          })),
        )
        .execute();
    });
  }
  return created;
}
