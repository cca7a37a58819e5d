import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SettingPreview, SettingState, SettingVersion } from '../../schemas/backofficeSettings.ts';
import type { PraemienKatalog } from '../../schemas/praemien.ts';
import { SettingsOverrides } from '../../server/backoffice/settings/SettingsOverrides.ts';
import { publishDraft } from '../../server/backoffice/settings/settingsService.ts';
import { MandantRegistry } from '../../server/mandants/MandantRegistry.ts';
import { MANDANTS_DIR } from '../support/server.ts';
import { backofficeToken, insertBackofficeUser } from './backofficeHelpers.ts';
import { bearer, buildTestApp, databases, loginToken, OTHER_DEMO_MANDANT } from './helpers.ts';

const API = '/api/v1/telko/backoffice/einstellungen';
const ANNA = { email: 'anna.beispiel@netzplus.example', password: 'Empfehlen2026' };

/**
 * Settings without a deploy (issue 15): drafts checked by the file's schema, preview, publish, rollback, back
 * to the file, the version check, the mandant scope, the effect on the reward catalogue, the campaigns and
 * the configuration answer, and a second instance over the same database.
 */
describe.each(databases)('back-office settings on $name', (database) => {
  let app: FastifyInstance;
  let admin: { authorization: string };
  let adminOfOther: { authorization: string };
  let otherId: string;

  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: MANDANTS_DIR });
    admin = bearer(await backofficeToken(app, 'telko', ['admin']));
    otherId = app.mandants.get(OTHER_DEMO_MANDANT)?.id ?? '';
    adminOfOther = bearer(await backofficeToken(app, otherId, ['admin']));
  });
  afterAll(() => app?.close());

  const state = async (kind: string, headers = admin, base = API) => {
    const response = await app.inject({ method: 'GET', url: `${base}/${kind}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SettingState>();
  };
  const draft = (kind: string, Wert: unknown, headers = admin) =>
    app.inject({
      method: 'POST',
      url: `${API}/${kind}/entwuerfe`,
      headers,
      payload: { Wert, Notiz: 'Test' },
    });
  const publish = (kind: string, version: number, Basis: number | null, target = app) =>
    target.inject({
      method: 'POST',
      url: `${API}/${kind}/versionen/${version}/veroeffentlichen`,
      headers: admin,
      payload: { Basis },
    });
  const auditCount = async (action: string) =>
    Number(
      (
        await app.database.kysely
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('mandant_id', '=', 'telko')
          .where('action', '=', action)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const channelRanks = async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/mandant/telko' });
    return response.json<Record<string, unknown>>();
  };

  it('starts from the mandant file', async () => {
    const praemien = await state('praemien');
    expect(praemien.Quelle).toBe('datei');
    expect(praemien.LiveVersion).toBeNull();
    expect(praemien.Wert).toEqual(praemien.Datei);
    expect((praemien.Wert as PraemienKatalog).praemien.map((entry) => entry.Id)).toContain('ueberweisung');
    expect((await state('channelRanks')).Wert).toMatchObject({ ModuleEmailClient: 1, ModuleXing: -1 });
  });

  it('answers a draft invalid by the schema with 422 PSOF0790 and JSON pointers, storing nothing', async () => {
    const before = await state('praemien');
    const broken = structuredClone(before.Datei) as PraemienKatalog;
    (broken.praemien[0] as unknown as Record<string, unknown>).Art = 'Bargeld';
    (broken.praemien[1] as unknown as Record<string, unknown>).Farbe = 'rot';
    const response = await draft('praemien', broken);
    expect(response.statusCode).toBe(422);
    const body = response.json<{ code: string; details: { pointer: string }[] }>();
    expect(body.code).toBe('PSOF0790');
    expect(body.details.map((detail) => detail.pointer)).toEqual(
      expect.arrayContaining(['/praemien/0/Art', '/praemien/1/Farbe']),
    );
    const ranksFile = (await state('channelRanks')).Datei as object;
    const ranks = await draft('channelRanks', { ...ranksFile, ModuleXing: -2 });
    expect(ranks.statusCode).toBe(422);
    expect(ranks.json<{ details: { pointer: string }[] }>().details[0]?.pointer).toBe('/ModuleXing');
    // The file loader's own checks apply too: a duplicate id.
    const twice = structuredClone(before.Datei) as PraemienKatalog;
    twice.praemien.push(structuredClone(twice.praemien[0] as PraemienKatalog['praemien'][number]));
    const duplicate = await draft('praemien', twice);
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json<{ details: { pointer: string }[] }>().details[0]?.pointer).toBe(
      `/praemien/${twice.praemien.length - 1}/Id`,
    );
    expect((await state('praemien')).Versionen).toEqual([]);
    expect(await auditCount('setting.draftSaved')).toBe(0);
  });

  it('publishes a reward catalogue: the rewards a recommender can receive for an earned reward change', async () => {
    const file = (await state('praemien')).Datei as PraemienKatalog;
    const next: PraemienKatalog = {
      praemien: [
        ...file.praemien.filter((entry) => entry.Id !== 'wunschgutschein'),
        {
          Id: 'bahn-gutschein',
          Art: 'Gutschein',
          Titel: 'Bahn-Gutschein',
          Beschreibung: 'Ein Gutschein für Bahnfahrten.',
          Startdatum: '2020-01-01T00:00:00',
          Enddatum: null,
          EnddatumAnzeige: null,
          Grafik: 'praemie-gutschein.svg',
        },
      ],
    };
    const saved = await draft('praemien', next);
    expect(saved.statusCode, saved.body).toBe(201);
    const version = saved.json<SettingVersion>();
    expect(version).toMatchObject({ Version: 1, Status: 'draft' });
    // A draft changes nothing yet.
    const offered = async () =>
      (await app.inject({ method: 'GET', url: '/api/v1/telko/praemie' }))
        .json<{ Id: string }[]>()
        .map((r) => r.Id);
    expect(await offered()).toContain('wunschgutschein');

    const preview = await app.inject({
      method: 'GET',
      url: `${API}/praemien/versionen/1/vorschau`,
      headers: admin,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const changes = preview.json<SettingPreview>();
    expect(changes.Eintraege).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Id: 'wunschgutschein',
          Aenderung: 'entfernt',
          AktivVorher: true,
          AktivNachher: null,
        }),
        expect.objectContaining({
          Id: 'bahn-gutschein',
          Aenderung: 'neu',
          AktivVorher: null,
          AktivNachher: true,
        }),
      ]),
    );
    expect(changes.Diff.length).toBeGreaterThan(0);

    const published = await publish('praemien', 1, null);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<SettingState>()).toMatchObject({ Quelle: 'version', LiveVersion: 1 });
    expect(await offered()).toEqual(expect.arrayContaining(['bahn-gutschein']));
    expect(await offered()).not.toContain('wunschgutschein');

    // The reward anna earned with an order can now be received as the new catalogue entry.
    const anna = bearer(await loginToken(app, 'telko', ANNA));
    const rewards = (
      await app.inject({ method: 'GET', url: '/api/v1/telko/praemierung/', headers: anna })
    ).json<{ Id: string; Waehlbar: boolean }[]>();
    const choosable = rewards.find((reward) => reward.Waehlbar);
    expect(choosable).toBeDefined();
    const choose = (PraemieId: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/telko/praemierung/',
        headers: anna,
        payload: { Id: choosable?.Id, PraemieId, Vorname: 'Anna', Nachname: 'Beispiel', Email: ANNA.email },
      });
    expect((await choose('bahn-gutschein')).statusCode).toBe(200);
    expect((await choose('wunschgutschein')).statusCode).not.toBe(200);
    expect(await auditCount('setting.published')).toBe(1);
  });

  it('publishes channel ranks: the configuration answer and the boot data change; rollback and back to the file', async () => {
    const file = (await state('channelRanks')).Datei as Record<string, number>;
    const saved = await draft('channelRanks', { ...file, ModuleXing: 0, ModuleEmailClient: 7 });
    expect(saved.statusCode, saved.body).toBe(201);
    const preview = (
      await app.inject({ method: 'GET', url: `${API}/channelRanks/versionen/1/vorschau`, headers: admin })
    ).json<SettingPreview>();
    // Copying the link is a ranked channel too (ModuleCopyLink, rank 0 in telko): first among equal ranks.
    expect(preview.KanaeleNachher.slice(0, 2)).toEqual(['copy', 'xing']);
    expect(preview.KanaeleVorher.slice(0, 2)).toEqual(['copy', 'email']);
    expect((await publish('channelRanks', 1, null)).statusCode).toBe(200);
    expect(await channelRanks()).toMatchObject({ ModuleXing: 0, ModuleEmailClient: 7 });
    const page = await app.inject({ method: 'GET', url: '/', headers: { host: 'telko.localhost' } });
    expect(page.body).toContain('"ModuleXing":0');

    const second = await draft('channelRanks', { ...file, ModuleXing: 3 });
    expect((await publish('channelRanks', 2, 1)).statusCode).toBe(200);
    expect(await channelRanks()).toMatchObject({ ModuleXing: 3, ModuleEmailClient: file.ModuleEmailClient });
    expect(second.statusCode).toBe(201);

    const rollback = await app.inject({
      method: 'POST',
      url: `${API}/channelRanks/versionen/1/zuruecksetzen`,
      headers: admin,
      payload: { Basis: 2 },
    });
    expect(rollback.statusCode, rollback.body).toBe(200);
    const rolled = rollback.json<SettingState>();
    expect(rolled).toMatchObject({ LiveVersion: 3, Quelle: 'version' });
    expect(rolled.Versionen.map((entry) => [entry.Version, entry.Status, entry.KopieVon])).toEqual([
      [3, 'live', 1],
      [2, 'retired', null],
      [1, 'retired', null],
    ]);
    expect(await channelRanks()).toMatchObject({ ModuleXing: 0, ModuleEmailClient: 7 });

    const toFile = await app.inject({
      method: 'POST',
      url: `${API}/channelRanks/datei`,
      headers: admin,
      payload: { Basis: 3 },
    });
    expect(toFile.statusCode, toFile.body).toBe(200);
    expect(toFile.json<SettingState>()).toMatchObject({ Quelle: 'datei', LiveVersion: null });
    expect(await channelRanks()).toMatchObject({ ModuleXing: -1, ModuleEmailClient: 1 });
    const audit = await app.database.kysely
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('mandant_id', '=', 'telko')
      .where('subject_type', '=', 'setting')
      .where('action', '=', 'setting.backToFile')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ version: 3, document: { ModuleXing: 0 } });
    expect(audit.after).toMatchObject({ version: null, document: { ModuleXing: -1 } });
  });

  it('lets one of two publishes at once win; the other gets 409 PSOF0705', async () => {
    const file = (await state('channelRanks')).Datei as Record<string, number>;
    const a = (await draft('channelRanks', { ...file, ModuleYahoo: 8 })).json<SettingVersion>();
    const b = (await draft('channelRanks', { ...file, ModuleYahoo: 9 })).json<SettingVersion>();
    const answers = await Promise.all([
      publish('channelRanks', a.Version, null),
      publish('channelRanks', b.Version, null),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json<{ code: string }>().code).toBe(
      'PSOF0705',
    );
    // A published version cannot be published again.
    const winner = answers[0]?.statusCode === 200 ? a : b;
    const again = await publish('channelRanks', winner.Version, winner.Version);
    expect(again.json<{ code: string }>().code).toBe('PSOF0792');
  });

  it('keeps another mandant’s overrides invisible', async () => {
    const other = await state('channelRanks', adminOfOther, `/api/v1/${otherId}/backoffice/einstellungen`);
    expect(other.Versionen).toEqual([]);
    expect(other.Quelle).toBe('datei');
    const version = (await state('channelRanks')).Versionen[0]?.Version ?? 1;
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/v1/${otherId}/backoffice/einstellungen/channelRanks/versionen/${version}`,
      headers: adminOfOther,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ code: string }>().code).toBe('PSOF0791');
    // A telko token on the other mandant's path is refused.
    const crossed = await app.inject({
      method: 'GET',
      url: `/api/v1/${otherId}/backoffice/einstellungen/channelRanks`,
      headers: admin,
    });
    expect(crossed.statusCode).toBe(401);
  });

  it('falls back to the file when a live override is no longer valid', async () => {
    const live = await state('channelRanks');
    await app.database.kysely
      .updateTable('backoffice_setting')
      .set({ document: JSON.stringify({ ModuleXing: 'viel' }) })
      .where('mandant_id', '=', 'telko')
      .where('kind', '=', 'channelRanks')
      .where('status', '=', 'live')
      .execute();
    await app.settingsOverrides.reload('telko');
    expect(await channelRanks()).toMatchObject({ ModuleXing: -1, ModuleYahoo: -1 });
    expect(live.Quelle).toBe('version');
  });

  it('a second instance over the same database picks up a change within the poll interval', async () => {
    const file = (await state('aktionen')).Datei as { aktionen: Record<string, unknown>[] };
    const summer = {
      ...file.aktionen[0],
      AktionsId: 'sommer-bonus',
      Startdatum: '2020-01-01T00:00:00',
      Enddatum: null,
    };
    const saved = (await draft('aktionen', { aktionen: [...file.aktionen, summer] })).json<SettingVersion>();
    const basis = (await state('aktionen')).LiveVersion;
    // The other instance: a second app over the same PostgreSQL schema; on PGlite (one process per
    // database) another process's settings state over the same database, with its own mandants.
    let second: FastifyInstance | undefined;
    if (database.url) {
      second = await buildTestApp(database, { mandantsDir: MANDANTS_DIR, schema: await schemaOf(app) });
      expect((await publish('aktionen', saved.Version, basis, second)).statusCode).toBe(200);
    } else {
      const other = new SettingsOverrides({
        db: app.database.kysely,
        mandants: new MandantRegistry(
          app.mandants.all().map((mandant) => app.settingsOverrides.file(mandant.id).mandant),
          app.mandants.defaultMandant.id,
        ),
        campaigns: new Map(),
        log: app.log,
      });
      const email = 'zweite@programm.example';
      const actor = { id: await insertBackofficeUser(app, 'telko', { email, roles: ['admin'] }), email };
      await publishDraft(
        { db: app.database.kysely, overrides: other },
        { mandantId: 'telko', actor },
        'aktionen',
        saved.Version,
        basis,
      );
    }
    try {
      // This instance did not publish: it learns of the change from its poll alone.
      await vi.waitFor(
        async () => {
          const offered = (await app.inject({ method: 'GET', url: '/api/v1/telko/aktion/alleAktiven' })).json<
            { AktionsId: string }[]
          >();
          expect(offered.map((campaign) => campaign.AktionsId)).toContain('sommer-bonus');
        },
        { timeout: 10_000, interval: 200 },
      );
      expect(app.settingsOverrides.liveVersion('telko', 'aktionen')).toBe(saved.Version);
    } finally {
      await second?.close();
    }
  });
});

async function schemaOf(app: FastifyInstance): Promise<string> {
  const row = await app.database.kysely
    .selectNoFrom((eb) => eb.fn<string>('current_schema').as('schema'))
    .executeTakeFirstOrThrow();
  return row.schema;
}
