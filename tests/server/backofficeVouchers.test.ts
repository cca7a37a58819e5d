import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GutscheinBestand, GutscheinPoolZeile } from '../../schemas/backofficePayouts.ts';
import { MANDANTS_DIR } from '../support/server.ts';
import { backofficeToken, insertBackofficeUser } from './backofficeHelpers.ts';
import { bearer, buildTestApp, databases } from './helpers.ts';

const API = '/api/v1/telko/backoffice/gutscheine';

describe.each(databases)('back-office voucher pools on $name', (database) => {
  let app: FastifyInstance;
  let finance: Record<string, string>;

  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: MANDANTS_DIR });
    finance = bearer(await backofficeToken(app, 'telko', ['finance'], 'gutschein-test@programm.example'));
    await insertBackofficeUser(app, 'telko', {
      email: 'finanz-zwei@programm.example',
      roles: ['finance', 'viewer'],
    });
    await insertBackofficeUser(app, 'telko', { email: 'nur-lesen@programm.example', roles: ['viewer'] });
    await insertBackofficeUser(app, 'telko', {
      email: 'finanz-aus@programm.example',
      roles: ['finance'],
      status: 'inactive',
    });
    // Loading every mandant and migrating can take minutes on a busy machine.
  }, 300_000);
  afterAll(() => app?.close());

  const upload = (csv: string, headers = finance) =>
    app.inject({
      method: 'POST',
      url: `${API}/import`,
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: csv,
    });
  const pool = async (id: string): Promise<GutscheinPoolZeile> => {
    const answer = await app.inject({ method: 'GET', url: API, headers: finance });
    expect(answer.statusCode).toBe(200);
    const found = answer.json<GutscheinBestand>().Pools.find((row) => row.PraemieId === id);
    if (!found) throw new Error(`no pool ${id}`);
    return found;
  };
  const codes = async (praemieId: string) =>
    (
      await app.database.kysely
        .selectFrom('voucher_code')
        .select('code')
        .where('mandant_id', '=', 'telko')
        .where('praemie_id', '=', praemieId)
        .execute()
    ).length;
  /** The low-stock mails of one pool (its title is in the subject). */
  const lowStockMails = async (praemieId = 'streaming-guthaben') => {
    const { Titel } = await pool(praemieId);
    return (await app.mail.list(500)).filter(
      (mail) => mail.template === 'voucherLowStock' && mail.subject.endsWith(`: ${Titel}`),
    );
  };

  it('lists one pool per voucher of the catalogue with its stock and the default threshold', async () => {
    const answer = await app.inject({ method: 'GET', url: API, headers: finance });
    const ids = answer.json<GutscheinBestand>().Pools.map((row) => row.PraemieId);
    expect(ids).toEqual(['wunschgutschein', 'streaming-guthaben', 'sommer-aktion-2020']);
    const mandant = app.mandants.get('telko');
    expect(await pool('streaming-guthaben')).toMatchObject({
      Schwelle: mandant?.config.programme.voucherLowStock,
      SchwelleStandard: true,
    });
  });

  it('imports a CSV all or nothing: bad rows are answered with their line numbers, nothing is written', async () => {
    const before = await codes('wunschgutschein');
    const bad = await upload(
      'PraemieId;Code\nwunschgutschein;GOOD-0001\nueberweisung;CASH-0001\nwunschgutschein;x\nunbekannt;ABCD-1234\n',
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      code: 'PSOF0746',
      details: [
        { pointer: '/line/3/PraemieId' },
        { pointer: '/line/4/Code' },
        { pointer: '/line/5/PraemieId' },
      ],
    });
    expect(await codes('wunschgutschein')).toBe(before);
    const wrongColumns = await upload('Praemie;Gutscheincode\nwunschgutschein;GOOD-0001\n');
    expect([wrongColumns.statusCode, wrongColumns.json().code]).toEqual([415, 'PSOF0747']);
    const notUtf8 = await app.inject({
      method: 'POST',
      url: `${API}/import`,
      headers: { ...finance, 'content-type': 'text/csv' },
      payload: Buffer.from([0x50, 0x72, 0xff, 0xfe, 0x0a]),
    });
    expect([notUtf8.statusCode, notUtf8.json().code]).toEqual([415, 'PSOF0747']);
    const audit = await app.database.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'voucherPool.imported')
      .execute();
    expect(audit).toEqual([]);

    const good = await upload(
      'PraemieId,Code\nwunschgutschein,GOOD-0001\nwunschgutschein,GOOD-0002\nwunschgutschein,GOOD-0001\n',
    );
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ Importiert: 2, Doppelt: 1 });
    expect(await codes('wunschgutschein')).toBe(before + 2);
    const entry = await app.database.kysely
      .selectFrom('audit_log')
      .select(['actor_email', 'subject_id', 'after'])
      .where('action', '=', 'voucherPool.imported')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      actor_email: 'gutschein-test@programm.example',
      subject_id: 'wunschgutschein',
    });
  });

  it('mails the active finance staff once when a pool falls below its threshold, again only after a refill', async () => {
    const csv = (from: number, count: number) =>
      `PraemieId;Code\n${Array.from({ length: count }, (_, index) => `streaming-guthaben;STREAM-${from + index}`).join('\n')}\n`;
    // Five codes under the programme's default threshold: the import's check reports the pool (a pool that
    // never held a code is not reported); raising nothing but lowering the threshold to 3 ends that.
    const before = (await lowStockMails()).length;
    expect((await upload(csv(1000, 5))).statusCode).toBe(200);
    const earlier = (await lowStockMails()).length;
    expect(earlier).toBeGreaterThan(before);
    const threshold = await app.inject({
      method: 'PUT',
      url: `${API}/streaming-guthaben/schwelle`,
      headers: finance,
      payload: { Schwelle: '3' },
    });
    expect(threshold.statusCode).toBe(200);
    expect(threshold.json()).toMatchObject({
      Frei: 5,
      Schwelle: 3,
      SchwelleStandard: false,
      Niedrig: false,
      Gemeldet: null,
    });
    expect(await lowStockMails()).toHaveLength(earlier);

    // Codes are handed out until 2 are left: below 3.
    const handOut = async (count: number) => {
      const free = await app.database.kysely
        .selectFrom('voucher_code')
        .select('id')
        .where('mandant_id', '=', 'telko')
        .where('praemie_id', '=', 'streaming-guthaben')
        .where('praemierung_id', 'is', null)
        .limit(count)
        .execute();
      await app.database.kysely
        .deleteFrom('voucher_code')
        .where(
          'id',
          'in',
          free.map((row) => row.id),
        )
        .execute();
    };
    await handOut(3);
    expect(await app.jobs.run('voucherStockAlerts')).toBeGreaterThanOrEqual(1);
    const fresh = (await lowStockMails()).slice(0, (await lowStockMails()).length - earlier);
    const recipients = fresh.map((mail) => mail.recipient);
    // Every active finance user once; not the viewer, not the deactivated finance user.
    expect(recipients).toContain('gutschein-test@programm.example');
    expect(recipients).toContain('finanz-zwei@programm.example');
    expect(recipients).not.toContain('nur-lesen@programm.example');
    expect(recipients).not.toContain('finanz-aus@programm.example');
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(fresh[0]?.subject).toMatch(/^Gutscheine werden knapp: /);
    expect(fresh[0]?.text).toContain('nur noch 2 Codes frei; die Meldeschwelle liegt bei 3');
    expect(await pool('streaming-guthaben')).toMatchObject({ Frei: 2, Niedrig: true });
    expect((await pool('streaming-guthaben')).Gemeldet).not.toBeNull();

    // Further falls and runs: no second mail.
    await handOut(1);
    expect(await app.jobs.run('voucherStockAlerts')).toBe(0);
    expect(await lowStockMails()).toHaveLength(earlier + fresh.length);

    // A refill to the threshold or above ends the alert; the next fall mails again.
    expect((await upload(csv(2000, 4))).statusCode).toBe(200);
    expect(await pool('streaming-guthaben')).toMatchObject({ Frei: 5, Niedrig: false, Gemeldet: null });
    await handOut(3);
    await app.jobs.run('voucherStockAlerts');
    expect(await lowStockMails()).toHaveLength(earlier + fresh.length * 2);
  });

  it('lets one of two changes of the same threshold win; the other, made on an old read, gets 409', async () => {
    const seen = await pool('wunschgutschein');
    const change = (Schwelle: string) =>
      app.inject({
        method: 'PUT',
        url: `${API}/wunschgutschein/schwelle?Stand=${encodeURIComponent(seen.Stand ?? '')}`,
        headers: finance,
        payload: { Schwelle },
      });
    const first = await change('7');
    expect(first.statusCode).toBe(200);
    const second = await change('9');
    expect([second.statusCode, second.json().code]).toEqual([409, 'PSOF0705']);
    expect(await pool('wunschgutschein')).toMatchObject({ Schwelle: 7 });
    const entries = await app.database.kysely
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'voucherPool.thresholdChanged')
      .where('subject_id', '=', 'wunschgutschein')
      .execute();
    expect(entries.map((entry) => entry.after)).toEqual([{ Schwelle: 7 }]);
  });

  it('refuses an unknown pool, a bad threshold and every role without `vouchers`', async () => {
    const unknown = await app.inject({
      method: 'PUT',
      url: `${API}/ueberweisung/schwelle`,
      headers: finance,
      payload: { Schwelle: '3' },
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'PSOF0745']);
    for (const Schwelle of ['-1', 'drei', '', '12345678']) {
      const bad = await app.inject({
        method: 'PUT',
        url: `${API}/wunschgutschein/schwelle`,
        headers: finance,
        payload: { Schwelle },
      });
      expect(bad.statusCode, Schwelle).toBe(400);
    }
    for (const role of ['viewer', 'operator', 'admin'] as const) {
      const headers = bearer(await backofficeToken(app, 'telko', [role]));
      for (const request of [
        { method: 'GET' as const, url: API },
        { method: 'PUT' as const, url: `${API}/wunschgutschein/schwelle`, payload: { Schwelle: '1' } },
      ]) {
        const refused = await app.inject({ ...request, headers });
        expect([role, refused.statusCode, refused.json().code]).toEqual([role, 403, 'PSOF0700']);
      }
      const refused = await upload('PraemieId;Code\nwunschgutschein;ROLE-0001\n', headers);
      expect([role, refused.statusCode]).toEqual([role, 403]);
    }
  });
});
