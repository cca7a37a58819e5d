import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OFFLINE_CODE_ALPHABET, OFFLINE_CODE_LENGTH } from '../../domain/recommendationLinks.ts';
import { RECIPIENT_LINK_VALID_DAYS } from '../../schemas/constants.ts';
import type { RecommendationStatus } from '../../server/db/DatabaseSchema.ts';

export interface SeedRecommendationOptions {
  mandant: string;
  empfehlerVorname?: string;
  empfehlerEmail?: string;
  produktId?: string;
  produktQuelle?: string | null;
  anteilEmpfehler?: number;
  praemieCent?: number | null;
  status?: RecommendationStatus;
  /** With an offline code (upper case, from the unambiguous alphabet). */
  withCode?: boolean;
  /** How old the recommendation is; its link expires RECIPIENT_LINK_VALID_DAYS after creation. */
  ageDays?: number;
}

export interface SeededRecommendation {
  id: string;
  mandant: string;
  empfehlungsnummer: string;
  linkHex: string;
  code: string | null;
  empfehlerEmail: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Puts a recommendation straight into the database of a running app, as POST /Empfehlen/create would
 * have left it: for tests of the click redirect and the recipient journey that do not walk the
 * recommend form first.
 */
export async function seedRecommendation(
  app: FastifyInstance,
  options: SeedRecommendationOptions,
): Promise<SeededRecommendation> {
  const createdAt = new Date(Date.now() - (options.ageDays ?? 0) * DAY_MS);
  const empfehlungsnummer = String(randomInt(1_000_000_000, 10_000_000_000));
  const linkHex = randomBytes(16).toString('hex');
  const code = options.withCode
    ? Array.from(
        { length: OFFLINE_CODE_LENGTH },
        () => OFFLINE_CODE_ALPHABET[randomInt(OFFLINE_CODE_ALPHABET.length)],
      ).join('')
    : null;
  const empfehlerEmail = options.empfehlerEmail ?? `empfehler.${empfehlungsnummer}@example.org`;
  const row = await app.database.kysely
    .insertInto('recommendation')
    .values({
      mandant_id: options.mandant,
      empfehlungsnummer,
      link_hex: linkHex,
      code,
      empfehler_vorname: options.empfehlerVorname ?? 'Anna',
      empfehler_nachname: 'Beispiel',
      empfehler_email: empfehlerEmail.toLowerCase(),
      produkt_id: options.produktId ?? '1',
      produkt_quelle: options.produktQuelle === undefined ? null : options.produktQuelle,
      anteil_empfehler: options.anteilEmpfehler ?? 50,
      praemie_cent: options.praemieCent === undefined ? 7000 : options.praemieCent,
      status: options.status ?? 'Offen',
      created_at: createdAt,
      link_expires_at: new Date(createdAt.getTime() + RECIPIENT_LINK_VALID_DAYS * DAY_MS),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    mandant: options.mandant,
    empfehlungsnummer,
    linkHex,
    code,
    empfehlerEmail: empfehlerEmail.toLowerCase(),
  };
}

/** Rows of a table for one recommendation (clicks, recipients), for "exactly one" assertions. */
export async function countClicks(app: FastifyInstance, recommendationId: string): Promise<number> {
  const row = await app.database.kysely
    .selectFrom('click')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('recommendation_id', '=', recommendationId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
