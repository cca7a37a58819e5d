import type { FastifyInstance } from 'fastify';
import { channelRanksOf } from '../../../server/backoffice/settings/settingKinds.ts';
import { publishDraft, saveDraft } from '../../../server/backoffice/settings/settingsService.ts';
import { liveVersionOf } from '../../../server/backoffice/settings/settingsStore.ts';
import { insertBackofficeUser } from '../backofficeHelpers.ts';
import { API, type MatrixRows } from './MatrixRow.ts';

const SETTINGS = `${API}/backoffice/einstellungen`;
const actors = new WeakMap<FastifyInstance, Promise<{ id: string; email: string }>>();
/** The author of the rows' own drafts: a back-office user of telko, made once per app. */
function actorOf(app: FastifyInstance): Promise<{ id: string; email: string }> {
  let actor = actors.get(app);
  if (!actor) {
    const email = 'einstellungen-matrix@programm.example';
    actor = insertBackofficeUser(app, 'telko', { email, roles: ['admin'] }).then((id) => ({ id, email }));
    actors.set(app, actor);
  }
  return actor;
}

/** The file's channel ranks of telko: a valid document that changes nothing users see. */
const ranks = (app: FastifyInstance) => channelRanksOf(app.settingsOverrides.file('telko').mandant);
const deps = (app: FastifyInstance) => ({ db: app.database.kysely, overrides: app.settingsOverrides });
const live = (app: FastifyInstance) => liveVersionOf(app.database.kysely, 'telko', 'channelRanks');

/** A fresh draft of telko's channel ranks; with `publish` it goes live. Answers its version and the live one. */
async function prepared(
  app: FastifyInstance,
  publish: boolean,
): Promise<{ version: number; basis: number | null }> {
  const actor = await actorOf(app);
  const draft = await saveDraft(
    deps(app),
    { mandantId: 'telko', actor },
    'channelRanks',
    ranks(app),
    'Matrix',
  );
  if (publish)
    await publishDraft(
      deps(app),
      { mandantId: 'telko', actor },
      'channelRanks',
      draft.Version,
      await live(app),
    );
  return { version: draft.Version, basis: await live(app) };
}

/** Settings without a deploy: ability settings (admin). */
export const rows: MatrixRows = {
  'GET /:mandant/backoffice/einstellungen/:art': {
    ability: 'settings',
    request: () => ({ method: 'GET', url: `${SETTINGS}/channelRanks` }),
    ok: 200,
  },
  'POST /:mandant/backoffice/einstellungen/:art/entwuerfe': {
    ability: 'settings',
    request: ({ app }) => ({
      method: 'POST',
      url: `${SETTINGS}/channelRanks/entwuerfe`,
      payload: { Wert: ranks(app), Notiz: 'Matrix' },
    }),
    ok: 201,
  },
  'GET /:mandant/backoffice/einstellungen/:art/versionen/:version': {
    ability: 'settings',
    request: async ({ app }) => ({
      method: 'GET',
      url: `${SETTINGS}/channelRanks/versionen/${(await prepared(app, false)).version}`,
    }),
    ok: 200,
  },
  'GET /:mandant/backoffice/einstellungen/:art/versionen/:version/vorschau': {
    ability: 'settings',
    request: async ({ app }) => ({
      method: 'GET',
      url: `${SETTINGS}/channelRanks/versionen/${(await prepared(app, false)).version}/vorschau`,
    }),
    ok: 200,
  },
  'POST /:mandant/backoffice/einstellungen/:art/versionen/:version/veroeffentlichen': {
    ability: 'settings',
    request: async ({ app }) => {
      const { version, basis } = await prepared(app, false);
      return {
        method: 'POST',
        url: `${SETTINGS}/channelRanks/versionen/${version}/veroeffentlichen`,
        payload: { Basis: basis },
      };
    },
    ok: 200,
  },
  'POST /:mandant/backoffice/einstellungen/:art/versionen/:version/zuruecksetzen': {
    ability: 'settings',
    request: async ({ app }) => {
      const { version, basis } = await prepared(app, true);
      return {
        method: 'POST',
        url: `${SETTINGS}/channelRanks/versionen/${version}/zuruecksetzen`,
        payload: { Basis: basis },
      };
    },
    ok: 200,
  },
  'POST /:mandant/backoffice/einstellungen/:art/datei': {
    ability: 'settings',
    request: async ({ app }) => {
      const { basis } = await prepared(app, true);
      return { method: 'POST', url: `${SETTINGS}/channelRanks/datei`, payload: { Basis: basis } };
    },
    ok: 200,
  },
};
