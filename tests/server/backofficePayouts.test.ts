import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { berlinDate } from '../../domain/invoice.ts';
import type {
  AuszahlungGutschriftZeile,
  AuszahlungPraemieZeile,
  AuszahlungslaufZeile,
} from '../../schemas/backofficePayouts.ts';
import type { ReportPage } from '../../schemas/reportQuery.ts';
import { MANDANTS_DIR } from '../support/server.ts';
import { backofficeToken } from './backofficeHelpers.ts';
import { dueCashRewards, unpaidDemoCreditNote } from './backofficePayoutFixtures.ts';
import { bearer, buildTestApp, databases, OTHER_DEMO_MANDANT } from './helpers.ts';

const XSD = new URL('../fixtures/sepa/pain.001.001.09.xsd', import.meta.url);
const API = '/api/v1/telko/backoffice/auszahlungen';

describe.each(databases)('back-office payout runs on $name', (database) => {
  let app: FastifyInstance;
  let finance: Record<string, string>;
  let viewer: Record<string, string>;
  let operator: Record<string, string>;
  const today = () => berlinDate(new Date());

  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: MANDANTS_DIR });
    finance = bearer(await backofficeToken(app, 'telko', ['finance'], 'finanz-test@programm.example'));
    viewer = bearer(await backofficeToken(app, 'telko', ['viewer']));
    operator = bearer(await backofficeToken(app, 'telko', ['operator']));
    // Loading every mandant and migrating can take minutes on a busy machine.
  }, 300_000);
  afterAll(() => app?.close());

  const auditOf = (subjectId: string) =>
    app.database.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_email', 'before', 'after'])
      .where('mandant_id', '=', 'telko')
      .where('subject_type', '=', 'payoutRun')
      .where('subject_id', '=', subjectId)
      .orderBy('id')
      .execute();

  it('creates a run of the due cash rewards; its rewards add up to its total; the SEPA file validates; executed once', async () => {
    const due = await dueCashRewards(app, { recommenderCent: 2500, recipientCent: 1500 });
    const created = await app.inject({
      method: 'POST',
      url: `${API}/laeufe`,
      headers: finance,
      payload: { Ausfuehrungsdatum: today() },
    });
    expect(created.statusCode).toBe(201);
    const run = created.json<AuszahlungslaufZeile>();
    expect(run).toMatchObject({
      Status: 'created',
      Ausfuehrungsdatum: today(),
      ErstelltVon: 'backoffice:finanz-test@programm.example',
    });
    expect(run.Anzahl).toBeGreaterThanOrEqual(2);

    // Every role with `reports` reads the list, the run and its rewards.
    const list = await app.inject({
      method: 'PUT',
      url: `${API}/laeufe/liste`,
      headers: viewer,
      payload: {},
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<ReportPage<AuszahlungslaufZeile>>().Content[0]).toEqual(run);

    const lines = await app.inject({
      method: 'PUT',
      url: `${API}/laeufe/${run.Id}/praemien`,
      headers: viewer,
      payload: { Pagesize: 100 },
    });
    expect(lines.statusCode).toBe(200);
    const page = lines.json<ReportPage<AuszahlungPraemieZeile>>();
    expect(page.TotalCount).toBe(run.Anzahl);
    expect(page.Content.reduce((sum, line) => sum + line.WertCent, 0)).toBe(run.SummeCent);
    const own = page.Content.filter((line) => line.Empfehlungsnummer === due.nr).sort((a, b) =>
      b.Empfaenger.localeCompare(a.Empfaenger),
    );
    expect(own.map((line) => [line.Empfaenger, line.WertCent, line.IBAN, line.Kontoinhaber])).toEqual([
      ['recommender', 2500, 'DE75 **** **** **** **61 99', 'Anna Beispiel'],
      ['recipient', 1500, 'DE89 **** **** **** **30 00', 'Fiona Freundin'],
    ]);
    // The IBAN in clear is in no answer but the SEPA file.
    expect(lines.body).not.toContain('DE75512108001245126199');

    const file = await app.inject({ method: 'GET', url: `${API}/laeufe/${run.Id}/sepa`, headers: finance });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/xml');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="sepa-/);
    expect(file.body).toContain(`<CtrlSum>${(run.SummeCent / 100).toFixed(2)}</CtrlSum>`);
    expect(file.body).toContain(`<NbOfTxs>${run.Anzahl}</NbOfTxs>`);
    expect(file.body).toContain('DE75512108001245126199');
    const validation = await validateXML({
      xml: [{ fileName: 'run.xml', contents: file.body }],
      schema: [{ fileName: 'pain.001.001.09.xsd', contents: await readFile(XSD, 'utf8') }],
    });
    expect(validation.errors).toEqual([]);
    expect(validation.valid).toBe(true);

    const executed = await app.inject({
      method: 'POST',
      url: `${API}/laeufe/${run.Id}/ausgefuehrt`,
      headers: finance,
    });
    expect(executed.statusCode).toBe(200);
    expect(executed.json()).toMatchObject({ Status: 'executed', SummeCent: run.SummeCent });
    const again = await app.inject({
      method: 'POST',
      url: `${API}/laeufe/${run.Id}/ausgefuehrt`,
      headers: finance,
    });
    expect([again.statusCode, again.json().code]).toEqual([409, 'PSOF0741']);
    const rewards = await app.database.kysely
      .selectFrom('praemierung')
      .select('status')
      .where('id', 'in', due.ids)
      .execute();
    expect(rewards.map((reward) => reward.status)).toEqual(['Ausgezahlt', 'Ausgezahlt']);

    // Each action once in the audit log, with who did it; the download too.
    const audit = await auditOf(run.Id);
    expect(audit.map((entry) => [entry.action, entry.actor_email])).toEqual([
      ['payoutRun.created', 'finanz-test@programm.example'],
      ['payoutRun.sepaDownloaded', 'finanz-test@programm.example'],
      ['payoutRun.executed', 'finanz-test@programm.example'],
    ]);
    expect(audit[2]?.before).toMatchObject({ Status: 'created' });
    expect(audit[2]?.after).toMatchObject({ Status: 'executed' });
  });

  it('lists the profi-seller credit notes a run pays; rewards and notes make up its total, count and SEPA file', async () => {
    const db = app.database.kysely;
    // The demo's notes are all paid by its own run; an unpaid one of a month before the demo's.
    const note = await unpaidDemoCreditNote(app);
    await dueCashRewards(app, { recommenderCent: 3300 });
    const run = (
      await app.inject({
        method: 'POST',
        url: `${API}/laeufe`,
        headers: finance,
        payload: { Ausfuehrungsdatum: today() },
      })
    ).json<AuszahlungslaufZeile>();
    const page = async <Row>(suffix: string, headers = viewer) => {
      const answer = await app.inject({
        method: 'PUT',
        url: `${API}/laeufe/${run.Id}/${suffix}`,
        headers,
        payload: { Pagesize: 100 },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return { page: answer.json<ReportPage<Row>>(), body: answer.body };
    };
    const rewards = (await page<AuszahlungPraemieZeile>('praemien')).page;
    const { page: notes, body } = await page<AuszahlungGutschriftZeile>('gutschriften');
    expect(notes.Content).toEqual([
      {
        Id: note.id,
        Nummer: 'GS-P-1234567',
        Profinummer: 'P-100001',
        Verkaeufer: 'Paulsen Mobilfunk-Shop GmbH',
        Monat: '2020-09',
        Kontoinhaber: 'Paulsen Mobilfunk-Shop GmbH',
        IBAN: 'DE02 **** **** **** **20 51',
        BruttoCent: 11_900,
        BezahltAm: null,
      },
    ]);
    expect(body).not.toContain('DE02120300000000202051');
    // The run's head and the list count both kinds of transfer; so does the SEPA file.
    expect(rewards.TotalCount + notes.TotalCount).toBe(run.Anzahl);
    const sum = (cents: number[]) => cents.reduce((total, cent) => total + cent, 0);
    expect(
      sum(rewards.Content.map((line) => line.WertCent)) + sum(notes.Content.map((line) => line.BruttoCent)),
    ).toBe(run.SummeCent);
    const listed = (
      await app.inject({ method: 'PUT', url: `${API}/laeufe/liste`, headers: viewer, payload: {} })
    ).json<ReportPage<AuszahlungslaufZeile>>();
    expect(listed.Content.find((row) => row.Id === run.Id)).toEqual(run);
    const file = await app.inject({ method: 'GET', url: `${API}/laeufe/${run.Id}/sepa`, headers: finance });
    expect(file.body).toContain(`<NbOfTxs>${run.Anzahl}</NbOfTxs>`);
    expect(file.body).toContain(`<CtrlSum>${(run.SummeCent / 100).toFixed(2)}</CtrlSum>`);
    expect(file.body).toContain('Gutschrift GS-P-1234567');

    // Sorted and filtered like every report; executed, the note shows when it was paid.
    const filtered = await app.inject({
      method: 'PUT',
      url: `${API}/laeufe/${run.Id}/gutschriften`,
      headers: viewer,
      payload: { OrderBy: 'BruttoCent', Descending: true, Filter: { Profinummer: 'P-999' } },
    });
    expect([filtered.statusCode, filtered.json().TotalCount]).toEqual([200, 0]);
    const badColumn = await app.inject({
      method: 'PUT',
      url: `${API}/laeufe/${run.Id}/gutschriften`,
      headers: viewer,
      payload: { OrderBy: 'IBAN' },
    });
    expect([badColumn.statusCode, badColumn.json().code]).toEqual([400, 'PSOF0013']);
    await app.inject({ method: 'POST', url: `${API}/laeufe/${run.Id}/ausgefuehrt`, headers: finance });
    const paid = (await page<AuszahlungGutschriftZeile>('gutschriften')).page.Content[0];
    expect(paid?.BezahltAm).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));

    // The demo's own run lists exactly the notes it paid.
    const demoRun = await db
      .selectFrom('payout_run')
      .select('id')
      .where('mandant_id', '=', 'telko')
      .where('created_by', '=', 'demo')
      .executeTakeFirstOrThrow();
    const demoNotes = await app.inject({
      method: 'PUT',
      url: `${API}/laeufe/${demoRun.id}/gutschriften`,
      headers: viewer,
      payload: { Pagesize: 100 },
    });
    const stored = await db
      .selectFrom('profi_credit_note')
      .select('id')
      .where('payout_run_id', '=', demoRun.id)
      .execute();
    expect(stored.length).toBeGreaterThan(0);
    expect(
      demoNotes
        .json<ReportPage<AuszahlungGutschriftZeile>>()
        .Content.map((line) => line.Id)
        .sort(),
    ).toEqual(stored.map((row) => row.id).sort());

    // Without `reports` (a user with no role) and without a sign-in: refused like the run's other lists.
    const none = bearer(await backofficeToken(app, 'telko', []));
    for (const suffix of ['praemien', 'gutschriften']) {
      const refused = await app.inject({
        method: 'PUT',
        url: `${API}/laeufe/${run.Id}/${suffix}`,
        headers: none,
        payload: {},
      });
      expect([suffix, refused.statusCode, refused.json().code]).toEqual([suffix, 403, 'PSOF0700']);
      const anonymous = await app.inject({
        method: 'PUT',
        url: `${API}/laeufe/${run.Id}/${suffix}`,
        payload: {},
      });
      expect([suffix, anonymous.statusCode]).toEqual([suffix, 401]);
    }
  });

  it('executes a run once when two calls come at the same time', async () => {
    await dueCashRewards(app, { recommenderCent: 1000 });
    const run = (
      await app.inject({
        method: 'POST',
        url: `${API}/laeufe`,
        headers: finance,
        payload: { Ausfuehrungsdatum: today() },
      })
    ).json<AuszahlungslaufZeile>();
    const answers = await Promise.all(
      [1, 2].map(() =>
        app.inject({ method: 'POST', url: `${API}/laeufe/${run.Id}/ausgefuehrt`, headers: finance }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await auditOf(run.Id)).filter((entry) => entry.action === 'payoutRun.executed')).toHaveLength(1);
  });

  it('refuses a run with nothing due, a day in the past and bad input, writing nothing', async () => {
    const runs = async () =>
      (
        await app.database.kysely
          .selectFrom('payout_run')
          .select('id')
          .where('mandant_id', '=', 'telko')
          .execute()
      ).length;
    const before = await runs();
    const nothing = await app.inject({
      method: 'POST',
      url: `${API}/laeufe`,
      headers: finance,
      payload: { Ausfuehrungsdatum: today() },
    });
    expect([nothing.statusCode, nothing.json().code]).toEqual([409, 'PSOF0742']);
    const past = await app.inject({
      method: 'POST',
      url: `${API}/laeufe`,
      headers: finance,
      payload: { Ausfuehrungsdatum: '2020-02-02' },
    });
    expect([past.statusCode, past.json().code]).toEqual([422, 'PSOF0744']);
    for (const payload of [{}, { Ausfuehrungsdatum: '2030-02-30' }, { Ausfuehrungsdatum: 'morgen' }]) {
      const bad = await app.inject({ method: 'POST', url: `${API}/laeufe`, headers: finance, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await runs()).toBe(before);
  });

  it('lets a viewer and an operator read but not act (403), and answers another mandant’s run 404', async () => {
    await dueCashRewards(app, { recommenderCent: 700 });
    const run = (
      await app.inject({
        method: 'POST',
        url: `${API}/laeufe`,
        headers: finance,
        payload: { Ausfuehrungsdatum: today() },
      })
    ).json<AuszahlungslaufZeile>();
    for (const headers of [viewer, operator]) {
      expect((await app.inject({ method: 'GET', url: `${API}/laeufe/${run.Id}`, headers })).statusCode).toBe(
        200,
      );
      for (const request of [
        { method: 'POST' as const, url: `${API}/laeufe`, payload: { Ausfuehrungsdatum: today() } },
        { method: 'GET' as const, url: `${API}/laeufe/${run.Id}/sepa` },
        { method: 'POST' as const, url: `${API}/laeufe/${run.Id}/ausgefuehrt` },
      ]) {
        const refused = await app.inject({ ...request, headers });
        expect([refused.statusCode, refused.json().code]).toEqual([403, 'PSOF0700']);
      }
    }
    const other = app.mandants.get(OTHER_DEMO_MANDANT);
    if (!other) throw new Error('the demo needs a second mandant');
    const foreign = await app.database.kysely
      .insertInto('payout_run')
      .values({
        mandant_id: other.id,
        execution_date: today(),
        total_cent: 100,
        transfer_count: 1,
        created_by: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [method, suffix] of [
      ['GET', ''],
      ['PUT', '/praemien'],
      ['PUT', '/gutschriften'],
      ['GET', '/sepa'],
      ['POST', '/ausgefuehrt'],
    ] as const) {
      const answer = await app.inject({
        method,
        url: `${API}/laeufe/${foreign.id}${suffix}`,
        headers: finance,
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect([suffix, answer.statusCode, answer.json().code]).toEqual([suffix, 404, 'PSOF0740']);
    }
    const unknown = await app.inject({ method: 'GET', url: `${API}/laeufe/not-a-run`, headers: finance });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'PSOF0740']);
    const status = await app.database.kysely
      .selectFrom('payout_run')
      .select('status')
      .where('id', '=', foreign.id)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('created');
    expect(await auditOf(foreign.id)).toEqual([]);
  });
});
