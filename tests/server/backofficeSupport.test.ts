import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  SupportAdminLoginResponse,
  SupportEmpfehlerKarte,
  SupportEmpfehlerZeile,
} from '../../schemas/backofficeSupport.ts';
import type { ReportPage } from '../../schemas/reportQuery.ts';
import { CARD_REWARDS } from '../../server/backoffice/support/supportService.ts';
import { MANDANTS_DIR } from '../support/server.ts';
import { backofficeToken } from './backofficeHelpers.ts';
import { bearer, buildTestApp, databases, loginToken } from './helpers.ts';
import { dumpAllTables, searchableDump } from './personalAreaHelpers.ts';

const API = '/api/v1/telko/backoffice/support';
const ANNA = { email: 'anna.beispiel@netzplus.example', password: 'Empfehlen2026' };
const JONAS = { email: 'jonas.muster@netzplus.example', password: 'Empfehlen2026' };
const IBAN = 'DE89370400440532013000';
const KUNDENNUMMER = 'KD-99887766';

describe.each(databases)('back-office support on $name', (database) => {
  let app: FastifyInstance;
  let operator: string;
  let viewer: string;
  let annaId: string;
  let jonasId: string;
  let otherMandantId: string;

  const accountId = async (mandantId: string, email: string) =>
    (
      await app.database.kysely
        .selectFrom('account')
        .select('id')
        .where('mandant_id', '=', mandantId)
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, token = operator) =>
    app.inject({ method, url: `${API}${url}`, payload, headers: bearer(token) });
  const search = async (Suche: string) => {
    const response = await call('PUT', '/empfehler', { Suche, Pagesize: 50 });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportPage<SupportEmpfehlerZeile>>().Content.map((row) => row.Email);
  };
  const auditOf = (action: string, subjectId: string) =>
    app.database.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('mandant_id', '=', 'telko')
      .where('action', '=', action)
      .where('subject_id', '=', subjectId)
      .execute();

  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: MANDANTS_DIR });
    operator = await backofficeToken(app, 'telko', ['operator'], 'service-test@programm.example');
    viewer = await backofficeToken(app, 'telko', ['viewer']);
    annaId = await accountId('telko', ANNA.email);
    jonasId = await accountId('telko', JONAS.email);
    otherMandantId = await accountId('stadtwerk', 'mia.nachbar@stadtwerke-lindenau.example');
    // Anna stores bank data herself; one of her rewards carries a customer number.
    const anna = await loginToken(app, 'telko', ANNA);
    const bank = await app.inject({
      method: 'PUT',
      url: '/api/v1/telko/empfehler/bankdaten',
      payload: { IBAN, Kontoinhaber: 'Anna Beispiel' },
      headers: bearer(anna),
    });
    expect(bank.statusCode, bank.body).toBe(200);
    await app.database.kysely
      .updateTable('praemierung')
      .set({ kundennummer: KUNDENNUMMER })
      .where('mandant_id', '=', 'telko')
      .where('account_id', '=', annaId)
      .where('status', '=', 'Offen')
      .execute();
  });
  afterAll(() => app?.close());

  it('finds a recommender by e-mail, name, Empfehlerhash, recommendation number and customer number — only in the own mandant', async () => {
    const hash = (
      await app.database.kysely
        .selectFrom('account')
        .select('empfehler_hash')
        .where('id', '=', annaId)
        .executeTakeFirstOrThrow()
    ).empfehler_hash;
    expect(await search('ANNA.beispiel@')).toEqual([ANNA.email]);
    expect(await search('anna beispiel')).toEqual([ANNA.email]);
    expect(await search(hash)).toEqual([ANNA.email]);
    expect(await search('4710000002')).toEqual([ANNA.email]);
    await app.database.kysely
      .updateTable('recommendation')
      .set({ code: 'SUPPORT42' })
      .where('mandant_id', '=', 'telko')
      .where('empfehlungsnummer', '=', '4710000001')
      .execute();
    expect(await search('support42')).toEqual([ANNA.email]);
    expect(await search(KUNDENNUMMER)).toEqual([ANNA.email]);
    expect(await search('muster')).toEqual([JONAS.email]);
    // LIKE's wildcards are taken literally.
    expect(await search('%')).toEqual([]);
    // Another mandant's recommender is not found from telko.
    expect(await search('mia.nachbar')).toEqual([]);
    // Empty: every telko recommender, paged by the report machinery.
    const all = await call('PUT', '/empfehler', { Pagesize: 2 });
    expect(all.json()).toMatchObject({ Pagesize: 2, HasNext: true });
    expect(all.json<ReportPage<SupportEmpfehlerZeile>>().TotalCount).toBeGreaterThanOrEqual(3);
  });

  it('shows the card without the IBAN: status, registration, counts, rewards, bank data present, newsletter, last mails', async () => {
    const response = await call('GET', `/empfehler/${annaId}`);
    expect(response.statusCode, response.body).toBe(200);
    const card = response.json<SupportEmpfehlerKarte>();
    expect(card).toMatchObject({
      Id: annaId,
      Email: ANNA.email,
      Vorname: 'Anna',
      Status: 'active',
      PasswortGesetzt: true,
      BankdatenHinterlegt: true,
      Newsletter: 'optedIn',
    });
    expect(card.Empfehlungen).toBeGreaterThanOrEqual(8);
    expect(card.Praemierungen.length).toBeGreaterThanOrEqual(5);
    expect(card.Praemierungen.find((reward) => reward.Status === 'Abgeholt')?.MailMoeglich).toBe(false);
    expect(card.Praemierungen.find((reward) => reward.Status === 'Bereitgestellt')?.MailMoeglich).toBe(true);
    expect(response.body).not.toContain(IBAN);
    expect(response.body).not.toContain('0532013000');
    const jonas = await call('GET', `/empfehler/${jonasId}`);
    expect(jonas.json<SupportEmpfehlerKarte>()).toMatchObject({
      BankdatenHinterlegt: false,
      Newsletter: 'optedOut',
    });
  });

  it('shows at most the newest CARD_REWARDS rewards, however many the recommender holds (issue 17)', async () => {
    const now = Date.now();
    await app.database.kysely
      .insertInto('praemierung')
      .values(
        Array.from({ length: CARD_REWARDS + 10 }, (_, i) => ({
          mandant_id: 'telko',
          account_id: jonasId,
          status: 'Offen',
          wert_cent: 1000 + i,
          // Newer than any demo reward: i = 0 is the newest.
          created_at: new Date(now + (CARD_REWARDS + 10 - i) * 60_000),
        })),
      )
      .execute();
    const card = (await call('GET', `/empfehler/${jonasId}`)).json<SupportEmpfehlerKarte>();
    expect(card.Praemierungen).toHaveLength(CARD_REWARDS);
    // Newest first; the ten oldest of them (and every older one) are left out.
    expect(card.Praemierungen.map((reward) => reward.WertCent).slice(0, 2)).toEqual([1000, 1001]);
    expect(card.Praemierungen.some((reward) => reward.WertCent >= 1000 + CARD_REWARDS)).toBe(false);
  });

  it('answers 404 PSOF0704 for another mandant’s recommender on every route, and 400 for bad input', async () => {
    const answers = await Promise.all([
      call('GET', `/empfehler/${otherMandantId}`),
      call('POST', `/empfehler/${otherMandantId}/adminLogin`),
      call('POST', `/empfehler/${otherMandantId}/mail`, { Mail: 'welcome' }),
      call('GET', `/empfehler/${otherMandantId}/export`),
      call('POST', `/empfehler/${otherMandantId}/loeschen`, {
        Email: 'mia.nachbar@stadtwerke-lindenau.example',
      }),
    ]);
    expect(answers.map((answer) => `${answer.statusCode} ${answer.json().code}`)).toEqual(
      Array(5).fill('404 PSOF0704'),
    );
    const bad = await Promise.all([
      call('GET', '/empfehler/not-a-uuid'),
      call('POST', `/empfehler/${annaId}/mail`, { Mail: 'spam' }),
      call('POST', `/empfehler/${annaId}/mail`, { Mail: 'reward' }),
      call('PUT', '/empfehler', { Pagesize: 0 }),
      call('PUT', '/empfehler', { OrderBy: 'Passwort' }),
      call('POST', `/empfehler/${annaId}/loeschen`, {}),
      call('POST', `/empfehler/${annaId}/loeschen`, { Email: JONAS.email }),
    ]);
    expect(bad.map((answer) => `${answer.statusCode} ${answer.json().code}`)).toEqual([
      '400 PSOF0013',
      '400 PSOF0013',
      '400 PSOF0013',
      '400 PSOF0013',
      '400 PSOF0013',
      '400 PSOF0013',
      '422 PSOF0764',
    ]);
    // A viewer has no support.
    expect((await call('GET', `/empfehler/${annaId}`, undefined, viewer)).statusCode).toBe(403);
  });

  it('opens the admin token login: a URL of the Admin route that signs in once, audited with who looked at whom', async () => {
    const response = await call('POST', `/empfehler/${annaId}/adminLogin`);
    expect(response.statusCode, response.body).toBe(200);
    const { Url, GueltigMinuten } = response.json<SupportAdminLoginResponse>();
    expect(GueltigMinuten).toBe(60);
    const url = new URL(Url);
    const match = url.pathname.match(/^\/de\/login\/([A-Za-z0-9_-]{43})$/);
    expect(match, Url).not.toBeNull();
    const token = match?.[1] ?? '';
    const first = await app.inject({ method: 'GET', url: `/api/v1/telko/account/login/?token=${token}` });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ Email: ANNA.email });
    const second = await app.inject({ method: 'GET', url: `/api/v1/telko/account/login/?token=${token}` });
    expect(second.statusCode).toBeGreaterThanOrEqual(400);
    const audit = await auditOf('recommender.adminLogin', annaId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_email: 'service-test@programm.example', subject_type: 'account' });
    // A blocked account cannot be looked at this way.
    const blocked = await accountId('telko', 'bernd.gesperrt@netzplus.example');
    const refused = await call('POST', `/empfehler/${blocked}/adminLogin`);
    expect(`${refused.statusCode} ${refused.json().code}`).toBe('409 PSOF0760');
  });

  it('resends mails through the mail functions, at most three per recommender and hour, audited', async () => {
    const mailsTo = async (email: string) =>
      (await app.mail.list(500)).filter((mail) => mail.recipient === email).map((mail) => mail.template);
    const before = await mailsTo(JONAS.email);
    const welcome = await call('POST', `/empfehler/${jonasId}/mail`, { Mail: 'welcome' });
    expect(welcome.statusCode, welcome.body).toBe(200);
    // Jonas has a password: the welcome mail is the 'already registered' one.
    expect(welcome.json()).toEqual({ Vorlage: 'alreadyRegistered' });
    const reset = await call('POST', `/empfehler/${jonasId}/mail`, { Mail: 'passwordReset' });
    expect(reset.json()).toEqual({ Vorlage: 'passwordReset' });
    // Jonas never asked for the newsletter: no opt-in mail (it is not support's to start a consent).
    const optin = await call('POST', `/empfehler/${jonasId}/mail`, { Mail: 'newsletterOptin' });
    expect(`${optin.statusCode} ${optin.json().code}`).toBe('409 PSOF0762');
    const tooMany = await call('POST', `/empfehler/${jonasId}/mail`, { Mail: 'passwordReset' });
    expect(`${tooMany.statusCode} ${tooMany.json().code}`).toBe('429 PSOF0761');
    expect(tooMany.headers['retry-after']).toBeDefined();
    expect((await mailsTo(JONAS.email)).length - before.length).toBe(2);
    const audit = await auditOf('recommender.mailResent', jonasId);
    expect(audit.map((entry) => entry.after)).toEqual(
      expect.arrayContaining([
        { mail: 'welcome', template: 'alreadyRegistered' },
        { mail: 'passwordReset', template: 'passwordReset' },
      ]),
    );
    expect(JSON.stringify(audit)).not.toContain(JONAS.email.split('@')[0]);

    // A reward mail for one of Anna's rewards: a new link; a collected one is refused.
    const card = (await call('GET', `/empfehler/${annaId}`)).json<SupportEmpfehlerKarte>();
    const ready = card.Praemierungen.find((reward) => reward.Status === 'Bereitgestellt');
    const collected = card.Praemierungen.find((reward) => reward.Status === 'Abgeholt');
    const rewardMail = await call('POST', `/empfehler/${annaId}/mail`, {
      Mail: 'reward',
      PraemierungId: ready?.Id,
    });
    expect(rewardMail.json()).toEqual({ Vorlage: 'rewardReady' });
    const refused = await call('POST', `/empfehler/${annaId}/mail`, {
      Mail: 'reward',
      PraemierungId: collected?.Id,
    });
    expect(`${refused.statusCode} ${refused.json().code}`).toBe('409 PSOF0763');
    // Anna's reward under another recommender: 404.
    const bernd = await accountId('telko', 'bernd.gesperrt@netzplus.example');
    const foreign = await call('POST', `/empfehler/${bernd}/mail`, {
      Mail: 'reward',
      PraemierungId: ready?.Id,
    });
    expect(`${foreign.statusCode} ${foreign.json().code}`).toBe('404 PSOF0704');
  });

  it('exports the same JSON the recommender’s own export gives, audited without the data', async () => {
    const response = await call('GET', `/empfehler/${annaId}/export`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    const own = await app.inject({
      method: 'GET',
      url: '/api/v1/telko/empfehler/export',
      headers: bearer(await loginToken(app, 'telko', ANNA)),
    });
    const { Erstellt: _a, ...support } = response.json();
    const { Erstellt: _b, ...mine } = own.json();
    expect(support).toEqual(mine);
    expect(support.Bankdaten).toMatchObject({ IBAN });
    const audit = await auditOf('recommender.exported', annaId);
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(IBAN);
    expect(JSON.stringify(audit)).not.toContain(ANNA.email);
  });

  it('erases on request: refused while a payout run waits, then really erased and audited without personal data', async () => {
    const db = app.database.kysely;
    const run = await db
      .insertInto('payout_run')
      .values({
        mandant_id: 'telko',
        execution_date: '2026-12-01',
        total_cent: 7000,
        transfer_count: 1,
        created_by: 'test',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reward = await db
      .selectFrom('praemierung')
      .select('id')
      .where('mandant_id', '=', 'telko')
      .where('account_id', '=', annaId)
      .where('status', '=', 'Offen')
      .executeTakeFirstOrThrow();
    await db.updateTable('praemierung').set({ payout_run_id: run.id }).where('id', '=', reward.id).execute();
    const waiting = await call('POST', `/empfehler/${annaId}/loeschen`, { Email: ANNA.email });
    expect(`${waiting.statusCode} ${waiting.json().code}`).toBe('409 PSOF0765');
    await db.updateTable('payout_run').set({ status: 'executed' }).where('id', '=', run.id).execute();

    const hash = (
      await db
        .selectFrom('account')
        .select('empfehler_hash')
        .where('id', '=', annaId)
        .executeTakeFirstOrThrow()
    ).empfehler_hash;
    const erased = await call('POST', `/empfehler/${annaId}/loeschen`, {
      Email: ANNA.email.toUpperCase(),
    });
    expect(erased.statusCode, erased.body).toBe(204);

    for (const [table, text] of searchableDump(await dumpAllTables(app), 'telko')) {
      for (const secret of [ANNA.email, hash, KUNDENNUMMER, IBAN, '"beispiel"']) {
        expect(text.includes(secret.toLowerCase()), `${table} still holds ${secret}`).toBe(false);
      }
    }
    const audit = await auditOf('recommender.erased', annaId);
    expect(audit).toHaveLength(1);
    const after = audit[0]?.after as { erased: boolean; recommendations: number } | undefined;
    expect(after?.erased).toBe(true);
    expect(after?.recommendations).toBeGreaterThanOrEqual(8);
    // Kept for accounting, without the person.
    const kept = await db
      .selectFrom('praemierung')
      .select(['account_id'])
      .where('id', '=', reward.id)
      .executeTakeFirstOrThrow();
    expect(kept.account_id).toBeNull();
    // Gone: the card, her sign-in, a second erasure.
    expect((await call('GET', `/empfehler/${annaId}`)).statusCode).toBe(404);
    const again = await call('POST', `/empfehler/${annaId}/loeschen`, { Email: ANNA.email });
    expect(`${again.statusCode} ${again.json().code}`).toBe('404 PSOF0704');
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/telko/account/login',
      payload: { Email: ANNA.email, Password: ANNA.password },
    });
    expect(signIn.statusCode).toBe(401);
  });
});
