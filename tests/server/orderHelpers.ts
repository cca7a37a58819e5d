import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { wireDateTime } from '../../domain/format.ts';
import type { Clock } from '../../server/config/ServerConfig.ts';
import { signRequest } from '../../server/integration/verifySignature.ts';
import { buildTestApp, copyFixture, TEST_SESSION_SECRET, type TestDatabase } from './helpers.ts';
import { createdRecipient, recipientHeaders } from './recipientHelpers.ts';
import { createAsGuest, RECOMMEND_MANDANTS, recommendBody } from './recommendHelpers.ts';

/** A clock the tests move forward (claim periods, expiry); starts at the real now. */
export class TestClock implements Clock {
  #offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }
  advanceDays(days: number): void {
    this.#offsetMs += days * 86_400_000;
  }
}

export const INTEGRATION_SECRET = `whsec_${randomBytes(32).toString('base64')}`;
export const CLAIM_DAYS = 14;
export const DEBTOR_IBAN = 'DE89370400440532013000';

/** Catalogue of the order tests: cash, a voucher, and a reward in kind. */
const PRAEMIEN = {
  praemien: ['ueberweisung:Geld', 'wunschgutschein:Gutschein', 'kinogutschein:Sachpraemie'].map((spec) => {
    const [Id, Art] = spec.split(':');
    return {
      Id,
      Art,
      Titel: Id,
      Beschreibung: `${Id} als Prämie`,
      Startdatum: '2020-01-01T00:00:00',
      Enddatum: null,
      EnddatumAnzeige: null,
      Grafik: 'praemie.svg',
    };
  }),
};

/**
 * The recommend fixtures (generic products 101 and 102 of alpha, 201 of strict) with the programme of
 * issue 13 on alpha: an integration key, a payout account, a 14-day claim period, bank data stored and
 * the recipient's part capped at 15 €.
 */
export async function buildOrderTestApp(
  database: TestDatabase,
  clock: TestClock,
  programme: Record<string, unknown> = {},
  extra: Partial<Parameters<typeof buildTestApp>[1]> = {},
): Promise<FastifyInstance> {
  const fixture = await copyFixture(RECOMMEND_MANDANTS);
  const file = path.join(fixture.dir, 'alpha', 'mandant.json');
  const config = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(
    file,
    JSON.stringify({
      ...config,
      // The reward mail links to the reward choice.
      routes: { ...(config.routes as Record<string, string> | undefined), Reward: '/praemie' },
      ModuleStoringBankdata: true,
      ModuleAuftragsdatumMindestalterTage: CLAIM_DAYS,
      MaxEmpfaengerPraemieCent: 1500,
      programme: {
        integrationKeys: [{ id: 'crm', secretEnv: 'ALPHA_CRM_SECRET' }],
        payout: { debtorName: 'Alpha Versicherung AG', debtorIban: DEBTOR_IBAN, debtorBic: 'COBADEFFXXX' },
        rewardChoiceDays: 30,
        voucherLowStock: 2,
        ...programme,
      },
    }),
  );
  await writeFile(path.join(fixture.dir, 'alpha', 'praemien.json'), JSON.stringify(PRAEMIEN));
  await writeFile(
    path.join(fixture.dir, '_base', 'pages', 'Reward.json'),
    JSON.stringify({
      title: 'home.title',
      blocks: [{ id: 'hero', type: 'Hero', props: { headline: 'home.headline' } }],
    }),
  );
  await mkdir(path.join(fixture.dir, 'alpha', 'assets'), { recursive: true });
  await writeFile(
    path.join(fixture.dir, 'alpha', 'assets', 'praemie.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
  );
  try {
    return await buildTestApp(database, {
      mandantsDir: fixture.dir,
      sessionSecret: TEST_SESSION_SECRET,
      env: { ALPHA_CRM_SECRET: INTEGRATION_SECRET },
      clock,
      ...extra,
      setup: (app) => app.addHook('onClose', fixture.remove),
    });
  } catch (error) {
    await fixture.remove();
    throw error;
  }
}

export interface SignedOptions {
  method?: 'GET' | 'POST';
  key?: string;
  secret?: string;
  apiKey?: string;
  /** When the request was signed (default now). */
  at?: Date;
  contentType?: string;
  /** Sign this body but send `payload` (a tampered request). */
  signedBody?: string;
}

/** A signed integration call as the client's CRM makes it. */
export function integration(
  app: FastifyInstance,
  route: string,
  payload: unknown,
  options: SignedOptions = {},
) {
  const raw =
    payload === undefined
      ? ''
      : typeof payload === 'string' || Buffer.isBuffer(payload)
        ? payload
        : JSON.stringify(payload);
  const key = options.key ?? randomUUID();
  const at = options.at ?? new Date();
  const signature = signRequest(options.secret ?? INTEGRATION_SECRET, key, options.signedBody ?? raw, at);
  const method = options.method ?? 'POST';
  return app.inject({
    method,
    url: `/api/v1/alpha/integration/${route}`,
    ...(method === 'POST' ? { payload: raw } : {}),
    headers: {
      ...(method === 'POST' ? { 'content-type': options.contentType ?? 'application/json' } : {}),
      'x-api-key': options.apiKey ?? 'crm',
      ...(method === 'POST' ? { 'idempotency-key': key } : { 'webhook-id': key }),
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    },
  });
}

let counter = 0;

export interface Referral {
  nr: string;
  recipientToken: string;
  recommenderEmail: string;
}

/**
 * A guest's recommendation of product 101 (40 € reward), split 50:50, and a recipient who confirmed data
 * and consent and gave bank data — what happens before the order.
 */
export async function confirmedReferral(
  app: FastifyInstance,
  options: {
    recipientEmail?: string;
    headers?: Record<string, string>;
    recommenderEmail?: string;
    /** The friend's browser: client address and user agent (default: a fresh address each time). */
    client?: { remoteAddress: string; userAgent: string };
    /** The product recommended (default 101). */
    produkt?: number;
  } = {},
): Promise<Referral> {
  counter += 1;
  const recommenderEmail =
    options.recommenderEmail ?? `empfehler.${counter}.${randomUUID().slice(0, 8)}@example.org`;
  const made = await createAsGuest(
    app,
    'alpha',
    recommendBody({
      Empfehlung: { AnteilEmpfehler: 50, ...(options.produkt ? { Produkt: options.produkt } : {}) },
      Empfehler: { Email: recommenderEmail },
    }),
    options.headers,
  );
  if (made.statusCode !== 201) throw new Error(`recommend failed: ${made.statusCode} ${made.body}`);
  const nr = made.json<{ Empfehlungsnummer: string }>().Empfehlungsnummer;
  const friend = {
    Vorname: 'Felix',
    Nachname: `Freund${counter}`,
    Email: options.recipientEmail ?? `felix.${counter}.${randomUUID().slice(0, 8)}@example.net`,
    AgbAkzeptiert: true,
  };
  const recipient = options.client
    ? await app
        .inject({
          method: 'POST',
          url: `/api/v1/alpha/empfaenger/create/${nr}`,
          payload: friend,
          remoteAddress: options.client.remoteAddress,
          headers: { 'user-agent': options.client.userAgent },
        })
        .then((response) => {
          if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
          return response.json<{ Empfaengernummer: string; Token: string }>();
        })
    : await createdRecipient(app, 'alpha', nr, friend);
  const headers = recipientHeaders(recipient.Token);
  const consent = await app.inject({
    method: 'PUT',
    url: '/api/v1/alpha/empfaenger/zustimmung',
    headers,
    payload: { AgbText: 'Ich stimme den Teilnahmebedingungen zu.' },
  });
  if (consent.statusCode !== 200) throw new Error(`consent failed: ${consent.body}`);
  const bank = await app.inject({
    method: 'POST',
    url: '/api/v1/alpha/empfaenger/bankdaten',
    headers,
    payload: { IBAN: 'DE02120300000000202051', Kontoinhaber: `Felix Freund${counter}` },
  });
  if (bank.statusCode !== 204) throw new Error(`bank data failed: ${bank.body}`);
  return { nr, recipientToken: recipient.Token, recommenderEmail };
}

/** YYYY-MM-DD of a moment in Berlin, as the server reads dates (domain/rewards.ts). */
export function berlinDay(moment: Date): string {
  return wireDateTime(moment).slice(0, 10);
}

export async function statusOf(app: FastifyInstance, nr: string): Promise<string> {
  const row = await app.database.kysely
    .selectFrom('recommendation')
    .select('status')
    .where('mandant_id', '=', 'alpha')
    .where('empfehlungsnummer', '=', nr)
    .executeTakeFirstOrThrow();
  return row.status;
}

export async function rewardsOf(app: FastifyInstance, nr: string) {
  return app.database.kysely
    .selectFrom('praemierung')
    .innerJoin('recommendation', 'recommendation.id', 'praemierung.recommendation_id')
    .select(['praemierung.id', 'praemierung.status', 'praemierung.wert_cent', 'praemierung.beneficiary'])
    .where('recommendation.mandant_id', '=', 'alpha')
    .where('recommendation.empfehlungsnummer', '=', nr)
    .orderBy('praemierung.beneficiary', 'desc')
    .execute();
}

export async function reasonsOf(app: FastifyInstance, nr: string): Promise<string[]> {
  const rows = await app.database.kysely
    .selectFrom('lifecycle_event')
    .innerJoin('recommendation', 'recommendation.id', 'lifecycle_event.recommendation_id')
    .select(['lifecycle_event.reason', 'lifecycle_event.praemierung_id'])
    .where('recommendation.mandant_id', '=', 'alpha')
    .where('recommendation.empfehlungsnummer', '=', nr)
    .orderBy('lifecycle_event.id')
    .execute();
  return rows.map((row) => `${row.praemierung_id ? 'reward' : 'recommendation'}:${row.reason}`);
}
