import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../server/backoffice/audit/auditLog.ts';
import { backofficeToken } from './backofficeHelpers.ts';
import { bearer, buildTestApp, databases } from './helpers.ts';

const API = '/api/v1/alpha';

describe.each(databases)('back-office audit log on $name', (database) => {
  let app: FastifyInstance;
  let admin: Record<string, string>;

  const report = (body: object, auth = admin) =>
    app.inject({ method: 'PUT', url: `${API}/backoffice/protokoll/report`, headers: auth, payload: body });

  beforeAll(async () => {
    app = await buildTestApp(database);
    admin = bearer(await backofficeToken(app, 'alpha', ['admin']));
    const actor = { id: null as unknown as string, email: 'a@programm.example' };
    const db = app.database.kysely;
    await recordAudit(db, {
      mandantId: 'alpha',
      actor,
      action: 'order.confirmed',
      subjectType: 'order',
      subjectId: 'A-1',
      before: { Status: 'Offen' },
      after: { Status: 'Bestaetigt' },
    });
    await recordAudit(db, {
      mandantId: 'alpha',
      actor: { ...actor, email: 'b@programm.example' },
      action: 'apiKey.rotated',
      subjectType: 'apiKey',
      subjectId: 'bo-1',
    });
    // A text a spreadsheet would run: the CSV must neutralise it.
    await recordAudit(db, {
      mandantId: 'alpha',
      actor,
      action: 'order.cancelled',
      subjectType: 'order',
      subjectId: '=HYPERLINK("x")',
    });
    await recordAudit(db, {
      mandantId: 'beta',
      actor,
      action: 'order.confirmed',
      subjectType: 'order',
      subjectId: 'B-1',
    });
  });
  afterAll(() => app?.close());

  it('lists the mandant’s entries newest first and filters by actor, action, subject and period', async () => {
    const all = await report({ Pagesize: 50 });
    expect(all.statusCode).toBe(200);
    const ids = all.json().Content.map((row: { ObjektId: string }) => row.ObjektId);
    expect(ids.slice(0, 3)).toEqual(['=HYPERLINK("x")', 'bo-1', 'A-1']);
    expect(ids).not.toContain('B-1');
    expect(all.json().Content[2]).toMatchObject({
      Akteur: 'a@programm.example',
      Aktion: 'order.confirmed',
      Objekttyp: 'order',
      Vorher: expect.stringContaining('Offen'),
    });

    const byActor = await report({ Filter: { Akteur: 'b@programm' } });
    expect(byActor.json().Content.map((row: { Aktion: string }) => row.Aktion)).toEqual(['apiKey.rotated']);
    const byAction = await report({ Filter: { Aktion: 'order.', Objekttyp: 'order', ObjektId: 'A-1' } });
    expect(byAction.json().TotalCount).toBe(1);
    expect((await report({ Filter: { Zeitpunkt: `2000-01-01..2000-01-02` } })).json().TotalCount).toBe(0);
    expect(
      (await report({ Filter: { Zeitpunkt: `2000-01-01..2099-12-31`, Akteur: 'programm' } })).json()
        .TotalCount,
    ).toBeGreaterThanOrEqual(3);
    expect((await report({ Filter: { Unbekannt: 'x' } })).json().code).toBe('PSOF0013');
  });

  it('exports CSV with formulas neutralised and XLSX; a viewer is refused', async () => {
    const csv = await app.inject({
      method: 'GET',
      url: `${API}/backoffice/protokoll/report/export.csv?Filter.Objekttyp=order`,
      headers: admin,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`'=HYPERLINK`);
    expect(csv.body).not.toContain('B-1');
    expect(csv.body).not.toContain('bo-1');
    const xlsx = await app.inject({
      method: 'GET',
      url: `${API}/backoffice/protokoll/report/export.xlsx`,
      headers: admin,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const viewer = bearer(await backofficeToken(app, 'alpha', ['viewer']));
    expect((await report({}, viewer)).json().code).toBe('PSOF0700');
  });
});
