import { createHash } from 'node:crypto';
import { Ajv } from 'ajv';
import type { Kysely } from 'kysely';
import { RECIPIENT_DATA_DELETE_WEEKS, RECIPIENT_LINK_VALID_DAYS } from '../../schemas/constants.ts';
import demoAgencySchema from '../../schemas/demoAgency.schema.json' with { type: 'json' };
import { agencyIbanCipherContext } from '../agency/masterData/masterData.ts';
import { normalizeEmail } from '../auth/normalizeEmail.ts';
import type { PasswordHasher } from '../auth/passwordHasher.ts';
import type { FieldCipher } from '../crypto/fieldCipher.ts';
import type { DatabaseSchema, PraemierungStatus, RecommendationStatus } from '../db/DatabaseSchema.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { demoHistory } from './demoHistory.ts';
import { checkDemoPassword, readDemoFiles } from './readDemoFiles.ts';

type Db = Kysely<DatabaseSchema>;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoAgencyStaff {
  email: string;
  name: string;
  roles: ('owner' | 'inactiveOwner' | 'employee')[];
  password?: string;
  mitarbeiternummer?: string;
}

export interface DemoAgency {
  agenturnummer: string;
  firma: string;
  strasse: string;
  plz: string;
  ort: string;
  ustId: string;
  steuernummer: string;
  kontaktName: string;
  kontaktEmail: string;
  kontaktTelefon: string;
  iban?: string;
  kontoinhaber?: string;
  ssoDepartment?: string;
  staff: DemoAgencyStaff[];
  rewardPlan: { produktId: string; provisionCent: number; gueltigAb: string }[];
  generated?: {
    staff: number;
    recommenders: number;
    openInvitations: number;
    recommendationsPerRecommender: number;
    days: number;
    produktIds: string[];
  };
}

const validate = new Ajv({ allErrors: true, strict: true, useDefaults: true, verbose: true }).compile(
  demoAgencySchema,
);

/**
 * The demo agencies of every mandant that has `demo/agency.json`, validated (schemas/demoAgency.schema.json,
 * plus SPEC 5's password rules for the staff's logins). A broken file stops the start.
 */
export async function readDemoAgencies(
  mandants: readonly LoadedMandant[],
): Promise<ReadonlyMap<string, DemoAgency[]>> {
  const files = await readDemoFiles<{ agencies: DemoAgency[] }>(
    mandants,
    'agency.json',
    validate,
    ({ agencies }, file, _mandant, problems) => {
      agencies.forEach((agency, a) => {
        agency.staff.forEach((member, s) => {
          if (member.password) {
            checkDemoPassword(problems, file, `/agencies/${a}/staff/${s}/password`, member.password);
          }
        });
      });
    },
  );
  return new Map([...files].map(([id, { agencies }]) => [id, agencies]));
}

/** A small seeded generator (mulberry32): the same demo activity on every fresh start. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'Lena',
  'Jonas',
  'Aylin',
  'Paul',
  'Marie',
  'Felix',
  'Sofia',
  'Emil',
  'Hanna',
  'Noah',
  'Clara',
  'Luca',
];
const LAST = [
  'Albers',
  'Brandt',
  'Claußen',
  'Dietrich',
  'Ehlers',
  'Fischer',
  'Grote',
  'Hansen',
  'Iversen',
  'Jürgens',
];

const hex = (value: string): string => createHash('sha256').update(value).digest('hex');
const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** Which status a generated recommendation ends in, with its reward (null: none). */
function outcome(roll: number): {
  status: RecommendationStatus;
  reward: PraemierungStatus | null;
  order: boolean;
} {
  if (roll < 0.1) return { status: 'Abgelaufen', reward: null, order: false };
  if (roll < 0.35) return { status: 'Offen', reward: null, order: false };
  if (roll < 0.5) return { status: 'Ok', reward: null, order: false };
  if (roll < 0.7) return { status: 'Ok', reward: 'Offen', order: true };
  if (roll < 0.9) return { status: 'Freigegeben', reward: 'Bereitgestellt', order: true };
  return { status: 'Gezahlt', reward: 'Ausgezahlt', order: true };
}

export interface SeedDemoAgencyDeps {
  db: Db;
  passwordHasher: Pick<PasswordHasher, 'hash'>;
  fieldCipher: Pick<FieldCipher, 'encrypt'>;
  now?: () => Date;
}

/**
 * Creates a demo agency that does not exist yet, with its staff (the staff e-mails of demo/accounts.json's
 * `agencyUsers` are joined to the agency), reward plan and generated activity: recommenders brought by its
 * employees through invitations, their recommendations, leads, orders waiting for the agency's release or
 * released, rewards, and open or expired invitations. An existing agency is left alone, so what a demo user
 * changed survives a restart. Returns whether it created the agency.
 */
export async function seedDemoAgency(
  deps: SeedDemoAgencyDeps,
  mandant: LoadedMandant,
  demo: DemoAgency,
): Promise<boolean> {
  const now = deps.now?.() ?? new Date();
  const hashes = new Map<string, string>();
  for (const member of demo.staff) {
    if (member.password) hashes.set(member.email, await deps.passwordHasher.hash(member.password));
  }
  return deps.db.transaction().execute(async (trx) => {
    const agency = await trx
      .insertInto('agency')
      .values({
        mandant_id: mandant.id,
        agenturnummer: demo.agenturnummer,
        firma: demo.firma,
        strasse: demo.strasse,
        plz: demo.plz,
        ort: demo.ort,
        ust_id: demo.ustId,
        steuernummer: demo.steuernummer,
        kontakt_name: demo.kontaktName,
        kontakt_email: demo.kontaktEmail,
        kontakt_telefon: demo.kontaktTelefon,
        iban_encrypted: demo.iban
          ? deps.fieldCipher.encrypt(demo.iban, agencyIbanCipherContext(mandant.id))
          : null,
        kontoinhaber: demo.kontoinhaber ?? null,
        sso_department: demo.ssoDepartment ?? null,
      })
      .onConflict((conflict) => conflict.columns(['mandant_id', 'agenturnummer']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!agency) return false;

    const staffIds: string[] = [];
    for (const member of demo.staff) {
      const email = normalizeEmail(member.email);
      const row = await trx
        .insertInto('agency_user')
        .values({
          mandant_id: mandant.id,
          email,
          name: member.name,
          roles: member.roles,
          agency_id: agency.id,
          password_hash: hashes.get(member.email) ?? null,
          mitarbeiternummer: member.mitarbeiternummer ?? null,
        })
        // A user of demo/accounts.json (seeded before, without an agency) joins this agency.
        .onConflict((conflict) =>
          conflict.columns(['mandant_id', 'email']).doUpdateSet({
            agency_id: agency.id,
            name: member.name,
            roles: member.roles,
            password_hash: hashes.get(member.email) ?? null,
            mitarbeiternummer: member.mitarbeiternummer ?? null,
          }),
        )
        .returning(['id', 'roles'])
        .executeTakeFirstOrThrow();
      if (row.roles.includes('employee') || row.roles.includes('owner')) staffIds.push(row.id);
    }

    for (const entry of demo.rewardPlan) {
      await trx
        .insertInto('agency_reward_plan')
        .values({
          mandant_id: mandant.id,
          agency_id: agency.id,
          produkt_id: entry.produktId,
          provision_cent: entry.provisionCent,
          gueltig_ab: entry.gueltigAb,
        })
        .execute();
    }

    if (demo.generated) await generateActivity(trx, mandant.id, agency.id, staffIds, demo, now);
    return true;
  });
}

async function generateActivity(
  trx: Db,
  mandantId: string,
  agencyId: string,
  staffIds: string[],
  demo: DemoAgency,
  now: Date,
): Promise<void> {
  const generated = demo.generated;
  if (!generated) return;
  const random = randomFrom(Number.parseInt(hex(demo.agenturnummer).slice(0, 8), 16));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const name = () => ({ vorname: pick(FIRST), nachname: pick(LAST) });
  const prefix = demo.agenturnummer.toLowerCase().replace(/[^a-z0-9]/g, '');
  const daysAgo = (max: number) => new Date(now.getTime() - Math.floor(random() * max * DAY_MS));

  // More staff, a few of them deactivated by the owner.
  for (let n = 1; n <= generated.staff; n += 1) {
    const person = name();
    const row = await trx
      .insertInto('agency_user')
      .values({
        mandant_id: mandantId,
        email: `mitarbeiter.${String(n).padStart(2, '0')}.${prefix}@agentur.example`,
        name: `${person.vorname} ${person.nachname}`,
        roles: ['employee'],
        agency_id: agencyId,
        mitarbeiternummer: `M-${String(100 + n)}`,
        status: n % 7 === 0 ? 'inactive' : 'active',
        created_at: daysAgo(generated.days),
      })
      .onConflict((conflict) => conflict.columns(['mandant_id', 'email']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row && n % 7 !== 0) staffIds.push(row.id);
  }

  let number = 0;
  let order = 0;
  for (let n = 1; n <= generated.recommenders; n += 1) {
    const person = name();
    const employee = pick(staffIds);
    const joined = daysAgo(generated.days);
    const email = `empfehler.${String(n).padStart(3, '0')}.${prefix}@kunde.example`;
    const account = await trx
      .insertInto('account')
      .values({
        mandant_id: mandantId,
        email,
        password_hash: null,
        vorname: person.vorname,
        nachname: person.nachname,
        empfehler_hash: hex(`${mandantId}:${email}`).slice(0, 32),
        agency_id: agencyId,
        agency_user_id: employee,
        created_at: joined,
      })
      .onConflict((conflict) => conflict.columns(['mandant_id', 'email']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!account) continue;
    await trx
      .insertInto('agency_invitation')
      .values({
        mandant_id: mandantId,
        agency_id: agencyId,
        agency_user_id: employee,
        vorname: person.vorname,
        nachname: person.nachname,
        email,
        art: random() < 0.6 ? 'VorOrt' : 'Telefonisch',
        token_hash: hex(`invitation:${mandantId}:${email}`),
        status: 'Registriert',
        account_id: account.id,
        expires_at: new Date(joined.getTime() + 30 * DAY_MS),
        registered_at: joined,
        created_at: new Date(joined.getTime() - 2 * DAY_MS),
      })
      .execute();

    for (let r = 0; r < generated.recommendationsPerRecommender; r += 1) {
      number += 1;
      const ageDays = Math.max(1, Math.floor(((now.getTime() - joined.getTime()) / DAY_MS) * random()));
      const createdAt = new Date(now.getTime() - ageDays * DAY_MS);
      const end = outcome(random());
      const produktId = pick(generated.produktIds);
      const wertCent = 5000 + 1000 * Math.floor(random() * 5);
      const recommendation = await trx
        .insertInto('recommendation')
        .values({
          mandant_id: mandantId,
          empfehlungsnummer: `48${String(Number.parseInt(hex(prefix).slice(0, 4), 16) % 100).padStart(2, '0')}${String(number).padStart(6, '0')}`,
          link_hex: hex(`link:${prefix}:${number}`).slice(0, 32),
          account_id: account.id,
          empfehler_vorname: person.vorname,
          empfehler_nachname: person.nachname,
          empfehler_email: email,
          produkt_id: produktId,
          channel: pick(['whatsapp', 'email', 'copy', 'qr']),
          praemie_cent: wertCent,
          agb_text_version: hex('demo'),
          // Fixtures: stored as the end of a history (demoHistory.ts), like the other demo recommendations.
          status: end.status,
          created_at: createdAt,
          link_expires_at: new Date(createdAt.getTime() + RECIPIENT_LINK_VALID_DAYS * DAY_MS),
        })
        .onConflict((conflict) => conflict.columns(['mandant_id', 'empfehlungsnummer']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!recommendation) continue;

      // A friend gave their data unless the link lapsed; half of the open ones have not yet.
      const withRecipient = end.status !== 'Abgelaufen' && (end.status !== 'Offen' || random() < 0.5);
      let recipientId: string | null = null;
      if (withRecipient) {
        const friend = name();
        const recipient = await trx
          .insertInto('recipient')
          .values({
            mandant_id: mandantId,
            recommendation_id: recommendation.id,
            empfaengernummer: String(7_000_000_000 + number),
            vorname: friend.vorname,
            nachname: friend.nachname,
            email: `freund.${number}.${prefix}@kunde.example`,
            confirmed_at: end.status === 'Offen' ? null : new Date(createdAt.getTime() + DAY_MS),
            created_at: new Date(createdAt.getTime() + DAY_MS / 2),
            delete_after: new Date(createdAt.getTime() + RECIPIENT_DATA_DELETE_WEEKS * 7 * DAY_MS),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        recipientId = recipient.id;
      }

      let orderId: string | null = null;
      if (end.order) {
        order += 1;
        const orderDate = new Date(createdAt.getTime() + 3 * DAY_MS);
        const released = end.status === 'Freigegeben' || end.status === 'Gezahlt';
        const row = await trx
          .insertInto('customer_order')
          .values({
            mandant_id: mandantId,
            recommendation_id: recommendation.id,
            recipient_id: recipientId,
            external_order_id: `${demo.agenturnummer}-${String(order).padStart(5, '0')}`,
            produkt_id: produktId,
            order_date: isoDay(orderDate),
            channel: 'link',
            attributed: true,
            source: 'api',
            concluded_at: new Date(orderDate.getTime() + 2 * DAY_MS),
            release_due_at: new Date(orderDate.getTime() + 30 * DAY_MS),
            agency_release: released ? 'released' : 'pending',
            agency_released_at: released ? new Date(orderDate.getTime() + 10 * DAY_MS) : null,
            agency_released_by: released ? employee : null,
            created_at: orderDate,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        orderId = row.id;
      }

      let rewardId: string | null = null;
      if (end.reward) {
        const reward = await trx
          .insertInto('praemierung')
          .values({
            mandant_id: mandantId,
            recommendation_id: recommendation.id,
            account_id: account.id,
            status: end.reward,
            wert_cent: wertCent,
            order_id: orderId,
            created_at: createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        rewardId = reward.id;
      }
      const history = demoHistory(end.status, end.reward, ageDays);
      await trx
        .insertInto('lifecycle_event')
        .values(
          history.map((event) => ({
            mandant_id: mandantId,
            recommendation_id: recommendation.id,
            praemierung_id: event.reward ? rewardId : null,
            order_id: event.reason.startsWith('order.') ? orderId : null,
            from_status: event.from,
            to_status: event.to,
            reason: event.reason,
            actor: event.actor,
            occurred_at: new Date(createdAt.getTime() + event.afterDays * DAY_MS),
          })),
        )
        .execute();
    }
  }

  // Invitations still open, and older ones that lapsed without a registration.
  for (let n = 1; n <= generated.openInvitations; n += 1) {
    const person = name();
    const sent = daysAgo(generated.days);
    const expires = new Date(sent.getTime() + 30 * DAY_MS);
    await trx
      .insertInto('agency_invitation')
      .values({
        mandant_id: mandantId,
        agency_id: agencyId,
        agency_user_id: pick(staffIds),
        vorname: person.vorname,
        nachname: person.nachname,
        email: `eingeladen.${String(n).padStart(3, '0')}.${prefix}@kunde.example`,
        art: random() < 0.5 ? 'VorOrt' : 'Telefonisch',
        token_hash: hex(`open-invitation:${mandantId}:${prefix}:${n}`),
        status: expires < now ? 'Abgelaufen' : 'Versendet',
        expires_at: expires,
        created_at: sent,
      })
      .execute();
  }
}
