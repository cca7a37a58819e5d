import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackofficeAgentur, BackofficeAgenturZeile } from '../../schemas/backofficeSupport.ts';
import type { ReportPage } from '../../schemas/reportQuery.ts';
import { MANDANTS_DIR } from '../support/server.ts';
import { backofficeToken } from './backofficeHelpers.ts';
import { bearer, buildTestApp, databases } from './helpers.ts';
import { freshAddress } from './recommendHelpers.ts';

const API = '/api/v1/telko';
const PASSWORD = 'Agenturstart7Werben';

let counter = 0;

describe.each(databases)('back-office agencies on $name', (database) => {
  let app: FastifyInstance;
  let operator: string;

  const call = (method: 'GET' | 'PUT', url: string, payload?: object, token = operator) =>
    app.inject({ method, url: `${API}/backoffice${url}`, payload, headers: bearer(token) });
  const decide = (id: string, payload: object) => call('PUT', `/agenturen/${id}/entscheidung`, payload);
  const agencyLogin = (email: string) =>
    app.inject({
      method: 'POST',
      url: `${API}/agentur/login`,
      payload: { Email: email, Password: PASSWORD },
      remoteAddress: freshAddress(),
    });
  const mailsTo = async (email: string) =>
    (await app.mail.list(500)).filter((mail) => mail.recipient === email);

  /** An agency through the public registration API: register, confirm the mailed link, give the data. */
  async function pendingAgency(
    language: 'de' | 'en' = 'de',
  ): Promise<{ id: string; email: string; firma: string }> {
    const email = `inhaberin${++counter}.${Date.now()}@neue-agentur.example`;
    const firma = `Agentur Nummer ${counter} GmbH`;
    const registered = await app.inject({
      method: 'POST',
      url: `${API}/agentur/registrieren`,
      payload: {
        Firma: firma,
        Vorname: 'Ina',
        Nachname: 'Inhaberin',
        Email: email,
        Password: PASSWORD,
        PasswordConfirm: PASSWORD,
        Agb: true,
      },
      headers: { 'x-accept-language': language },
      remoteAddress: freshAddress(),
    });
    expect(registered.statusCode, registered.body).toBe(202);
    const link = (await mailsTo(email))[0]?.text?.match(/\/agentur\/bestaetigen\/(\S+)/)?.[1];
    if (!link) throw new Error(`no confirmation link to ${email}`);
    const confirmed = await app.inject({
      method: 'PUT',
      url: `${API}/agentur/bestaetigen`,
      payload: { Token: decodeURIComponent(link) },
      remoteAddress: freshAddress(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const data = await app.inject({
      method: 'PUT',
      url: `${API}/agentur/registrieren/daten`,
      payload: {
        Token: confirmed.json<{ Token: string }>().Token,
        Strasse: 'Am Markt 1',
        Plz: '20095',
        Ort: 'Hamburg',
        Steuernummer: '22/815/08154',
        KontaktTelefon: '+49 40 123456',
      },
      remoteAddress: freshAddress(),
    });
    expect(data.statusCode, data.body).toBe(200);
    const row = await app.database.kysely
      .selectFrom('agency')
      .select(['id', 'status'])
      .where('mandant_id', '=', 'telko')
      .where('firma', '=', firma)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    return { id: row.id, email, firma };
  }

  const auditOf = (subjectId: string) =>
    app.database.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('mandant_id', '=', 'telko')
      .where('subject_id', '=', subjectId)
      .execute();

  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: MANDANTS_DIR });
    operator = await backofficeToken(app, 'telko', ['operator'], 'agenturen-test@programm.example');
  });
  afterAll(() => app?.close());

  it('lists the mandant’s agencies pending first, filters by status, and shows the detail with the IBAN masked', async () => {
    const pending = await pendingAgency();
    const page = await call('PUT', '/agenturen', { Pagesize: 100 });
    expect(page.statusCode, page.body).toBe(200);
    const rows = page.json<ReportPage<BackofficeAgenturZeile>>().Content;
    expect(rows[0]?.Status).toBe('pending');
    const statuses = rows.map((row) => row.Status);
    expect(statuses.lastIndexOf('pending')).toBeLessThan(statuses.indexOf('active'));
    expect(rows.some((row) => row.Agenturnummer === 'A-1001' && row.Status === 'active')).toBe(true);
    const onlyPending = await call('PUT', '/agenturen', { Filter: { Status: 'pending' } });
    const pendingRows = onlyPending.json<ReportPage<BackofficeAgenturZeile>>().Content;
    expect(pendingRows.map((row) => row.Id)).toContain(pending.id);
    expect(new Set(pendingRows.map((row) => row.Status))).toEqual(new Set(['pending']));

    const detail = await call('GET', `/agenturen/${pending.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<BackofficeAgentur>()).toMatchObject({
      Id: pending.id,
      Status: 'pending',
      Firma: pending.firma,
      Ort: 'Hamburg',
      Steuernummer: '22/815/08154',
      Inhaber: [{ Email: pending.email }],
    });
    // The demo agency's stored IBAN is masked.
    const demo = rows.find((row) => row.Agenturnummer === 'A-1001');
    const iban = 'DE02120300000000202051';
    await app.database.kysely
      .updateTable('agency')
      .set({ iban_encrypted: app.fieldCipher.encrypt(iban, 'telko:agency'), kontoinhaber: 'Nordlicht GmbH' })
      .where('id', '=', demo?.Id ?? '')
      .execute();
    const demoDetail = await call('GET', `/agenturen/${demo?.Id}`);
    expect(demoDetail.json<BackofficeAgentur>().IBAN).toMatch(/^DE02[ *]+51$|^DE\d\d.*\*/);
    expect(demoDetail.body).not.toContain(iban);
    expect(demoDetail.body).not.toContain('0000202051');
  });

  it('activates a pending agency: the owner gets the mail and can sign in, the decision is audited, a second one is 409 PSOF0705', async () => {
    const agency = await pendingAgency();
    const before = await agencyLogin(agency.email);
    expect(`${before.statusCode} ${before.json().code}`).toBe('403 PSOF0660');

    const activated = await decide(agency.id, { Entscheidung: 'activate' });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json<BackofficeAgentur>().Status).toBe('active');
    const signedIn = await agencyLogin(agency.email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);

    const mail = (await mailsTo(agency.email)).find((candidate) => candidate.template === 'agencyActivated');
    expect(mail?.subject).toContain('freigeschaltet');
    expect(mail?.text).toContain('/de/agentur/login');

    const audit = await auditOf(agency.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'agency.activated',
      subject_type: 'agency',
      actor_email: 'agenturen-test@programm.example',
      before: { status: 'pending' },
      after: { status: 'active', reason: '' },
    });

    const again = await decide(agency.id, { Entscheidung: 'reject', Grund: 'Zu spät' });
    expect(`${again.statusCode} ${again.json().code}`).toBe('409 PSOF0705');
    expect(await auditOf(agency.id)).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous decisions win', async () => {
    const agency = await pendingAgency();
    const answers = await Promise.all([
      decide(agency.id, { Entscheidung: 'activate' }),
      decide(agency.id, { Entscheidung: 'reject', Grund: 'Doppelt angemeldet' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().code).toBe('PSOF0705');
    expect(await auditOf(agency.id)).toHaveLength(1);
  });

  it('rejects with a reason (required): the owner is told in their language and hears PSOF0662 at the sign-in', async () => {
    const agency = await pendingAgency('en');
    const noReason = await decide(agency.id, { Entscheidung: 'reject', Grund: '   ' });
    expect(`${noReason.statusCode} ${noReason.json().code}`).toBe('422 PSOF0766');
    const rejected = await decide(agency.id, { Entscheidung: 'reject', Grund: 'No trade licence provided.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<BackofficeAgentur>().Status).toBe('rejected');
    const mail = (await mailsTo(agency.email)).find((candidate) => candidate.template === 'agencyRejected');
    expect(mail?.subject).toContain('Your agency registration');
    expect(mail?.text).toContain('No trade licence provided.');
    const signIn = await agencyLogin(agency.email);
    expect(`${signIn.statusCode} ${signIn.json().code}`).toBe('403 PSOF0662');
  });

  it('answers another mandant’s agency with 404 PSOF0704 and bad input with its code', async () => {
    // A pending agency of another mandant.
    const other = await app.database.kysely
      .insertInto('agency')
      .values({
        mandant_id: 'stadtwerk',
        agenturnummer: 'A-9999',
        firma: 'Fremde Agentur',
        status: 'pending',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreignId = other.id;
    const answers = await Promise.all([
      call('GET', `/agenturen/${foreignId}`),
      decide(foreignId, { Entscheidung: 'activate' }),
      call('GET', '/agenturen/00000000-0000-4000-8000-000000000000'),
    ]);
    expect(answers.map((answer) => `${answer.statusCode} ${answer.json().code}`)).toEqual(
      Array(3).fill('404 PSOF0704'),
    );
    const untouched = await app.database.kysely
      .selectFrom('agency')
      .select('status')
      .where('id', '=', foreignId)
      .executeTakeFirstOrThrow();
    expect(untouched.status).toBe('pending');
    const agency = await pendingAgency();
    const bad = await Promise.all([
      decide(agency.id, { Entscheidung: 'maybe' }),
      decide(agency.id, {}),
      decide(agency.id, { Entscheidung: 'reject', Grund: 'x'.repeat(1001) }),
      call('GET', '/agenturen/A-1001'),
      call('PUT', '/agenturen', { Filter: { Status: 'unknown' } }),
    ]);
    expect(bad.map((answer) => `${answer.statusCode} ${answer.json().code}`)).toEqual(
      Array(5).fill('400 PSOF0013'),
    );
    // Nothing was decided.
    expect((await call('GET', `/agenturen/${agency.id}`)).json<BackofficeAgentur>().Status).toBe('pending');
    // Finance has no agencies.
    const finance = await backofficeToken(app, 'telko', ['finance']);
    expect((await call('PUT', '/agenturen', {}, finance)).statusCode).toBe(403);
  });
});
