import type { FastifyPluginAsync } from 'fastify';
import {
  SETTING_KINDS,
  SETTING_STATUSES,
  type SettingChangeRequest,
  type SettingDraftRequest,
  type SettingKind,
  type SettingPreview,
  type SettingState,
  type SettingVersion,
  type SettingVersionDetail,
} from '../../../schemas/backofficeSettings.ts';
import { errorResponses, mandantParamsSchema } from '../../http/mandantParam.ts';
import { backofficeOf } from '../backofficeAuthPlugin.ts';
import {
  backToFile,
  previewVersion,
  publishDraft,
  rollBack,
  type SettingsDeps,
  saveDraft,
  settingState,
  settingVersion,
} from './settingsService.ts';

interface KindParams {
  mandant: string;
  art: SettingKind;
}
interface VersionParams extends KindParams {
  version: number;
}

const kindParams = {
  type: 'object',
  required: ['mandant', 'art'],
  properties: {
    ...mandantParamsSchema.properties,
    art: { type: 'string', enum: [...SETTING_KINDS], description: 'praemien | aktionen | channelRanks' },
  },
} as const;
const versionParams = {
  type: 'object',
  required: ['mandant', 'art', 'version'],
  properties: { ...kindParams.properties, version: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

/** Any JSON value (the override documents; their schema is the file's, checked by the service). */
const anyJson = {};
const noteSchema = { type: 'string', maxLength: 500 } as const;

const versionSchema = {
  type: 'object',
  required: ['Version', 'Status', 'Notiz', 'Autor', 'ErstelltAm', 'VeroeffentlichtAm', 'KopieVon'],
  properties: {
    Version: { type: 'integer' },
    Status: { type: 'string', enum: [...SETTING_STATUSES] },
    Notiz: { type: 'string' },
    Autor: { type: 'string' },
    ErstelltAm: { type: 'string', format: 'date-time' },
    VeroeffentlichtAm: { type: ['string', 'null'], format: 'date-time' },
    KopieVon: { type: ['integer', 'null'] },
  },
} as const;

const stateSchema = {
  type: 'object',
  required: ['Art', 'Wert', 'Quelle', 'LiveVersion', 'Datei', 'Versionen'],
  properties: {
    Art: { type: 'string' },
    Wert: anyJson,
    Quelle: { type: 'string', enum: ['datei', 'version'] },
    LiveVersion: { type: ['integer', 'null'] },
    Datei: anyJson,
    Versionen: { type: 'array', items: versionSchema },
  },
} as const;

const previewSchema = {
  type: 'object',
  required: ['Art', 'Version', 'Wert', 'Diff', 'Eintraege', 'KanaeleVorher', 'KanaeleNachher'],
  properties: {
    Art: { type: 'string' },
    Version: { type: 'integer' },
    Wert: anyJson,
    Diff: {
      type: 'array',
      items: {
        type: 'object',
        required: ['op', 'path'],
        properties: {
          op: { type: 'string' },
          path: { type: 'string' },
          value: anyJson,
          from: { type: 'string' },
        },
      },
    },
    Eintraege: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'Id',
          'Titel',
          'Aenderung',
          'Felder',
          'AktivVorher',
          'AktivNachher',
          'Startdatum',
          'Enddatum',
        ],
        properties: {
          Id: { type: 'string' },
          Titel: { type: 'string' },
          Aenderung: { type: 'string', enum: ['neu', 'entfernt', 'geaendert'] },
          Felder: { type: 'array', items: { type: 'string' } },
          AktivVorher: { type: ['boolean', 'null'] },
          AktivNachher: { type: ['boolean', 'null'] },
          Startdatum: { type: ['string', 'null'] },
          Enddatum: { type: ['string', 'null'] },
        },
      },
    },
    KanaeleVorher: { type: 'array', items: { type: 'string' } },
    KanaeleNachher: { type: 'array', items: { type: 'string' } },
  },
} as const;

const changeBody = {
  type: 'object',
  required: ['Basis'],
  additionalProperties: false,
  properties: {
    Basis: {
      type: ['integer', 'null'],
      minimum: 1,
      description:
        'The live version the user saw (null: the file); another change since then is 409 PSOF0705.',
    },
    Notiz: noteSchema,
  },
} as const;

/**
 * Settings without a deploy (issue 15): the reward catalogue, the campaigns and the channel ranks as
 * versioned overrides of the mandant's files (server/backoffice/settings/README.md). Ability `settings`.
 */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  const deps = (): SettingsDeps => ({ db: app.database.kysely, overrides: app.settingsOverrides });
  const caller = (request: Parameters<typeof backofficeOf>[0]) => {
    const principal = backofficeOf(request);
    return { mandantId: principal.mandantId, actor: principal.actor };
  };

  app.get<{ Params: KindParams }>(
    '/:mandant/backoffice/einstellungen/:art',
    {
      onRequest: app.authenticateBackoffice('settings'),
      schema: {
        tags: ['backoffice'],
        summary: 'The effective value of a setting, its source and its versions',
        description:
          'Wert is what the server uses now: the live override (Quelle version, LiveVersion) or the mandant file (Quelle datei). Datei is the file’s value. Versionen: the newest 100, newest first.',
        params: kindParams,
        response: { 200: stateSchema, ...errorResponses },
      },
    },
    async (request): Promise<SettingState> =>
      settingState(deps(), backofficeOf(request).mandantId, request.params.art),
  );

  app.post<{ Params: KindParams; Body: SettingDraftRequest }>(
    '/:mandant/backoffice/einstellungen/:art/entwuerfe',
    {
      onRequest: app.authenticateBackoffice('settings'),
      schema: {
        tags: ['backoffice'],
        summary: 'Saves a draft of a setting',
        description:
          'Wert is checked by the same JSON schema as the mandant file (praemien.schema.json, aktionen.schema.json, the Module* properties of mandant.schema.json) and the file loader’s further checks; problems: 422 PSOF0790 with details (JSON pointers into Wert), nothing stored. Answers the new version (status draft).',
        params: kindParams,
        body: {
          type: 'object',
          required: ['Wert'],
          additionalProperties: false,
          properties: { Wert: anyJson, Notiz: noteSchema },
        },
        response: { 201: versionSchema, ...errorResponses },
      },
    },
    async (request, reply): Promise<SettingVersion> => {
      const version = await saveDraft(
        deps(),
        caller(request),
        request.params.art,
        request.body.Wert,
        request.body.Notiz ?? '',
      );
      reply.code(201);
      return version;
    },
  );

  app.get<{ Params: VersionParams }>(
    '/:mandant/backoffice/einstellungen/:art/versionen/:version',
    {
      onRequest: app.authenticateBackoffice('settings'),
      schema: {
        tags: ['backoffice'],
        summary: 'One version of a setting with its document',
        description: 'Unknown version (or another mandant’s): 404 PSOF0791.',
        params: versionParams,
        response: {
          200: {
            ...versionSchema,
            required: [...versionSchema.required, 'Wert'],
            properties: { ...versionSchema.properties, Wert: anyJson },
          },
          ...errorResponses,
        },
      },
    },
    async (request): Promise<SettingVersionDetail> =>
      settingVersion(deps(), backofficeOf(request).mandantId, request.params.art, request.params.version),
  );

  app.get<{ Params: VersionParams }>(
    '/:mandant/backoffice/einstellungen/:art/versionen/:version/vorschau',
    {
      onRequest: app.authenticateBackoffice('settings'),
      schema: {
        tags: ['backoffice'],
        summary: 'Preview: the setting as it would be with this version live',
        description:
          'Wert: the effective value with this version; Diff: JSON Patch from the live value; Eintraege: the rewards or campaigns that appear, disappear, change, start or stop being offered now; KanaeleVorher/KanaeleNachher: the share channels in order (channelRanks).',
        params: versionParams,
        response: { 200: previewSchema, ...errorResponses },
      },
    },
    async (request): Promise<SettingPreview> =>
      previewVersion(deps(), backofficeOf(request).mandantId, request.params.art, request.params.version),
  );

  app.post<{ Params: VersionParams; Body: SettingChangeRequest }>(
    '/:mandant/backoffice/einstellungen/:art/versionen/:version/veroeffentlichen',
    {
      onRequest: app.authenticateBackoffice('settings'),
      schema: {
        tags: ['backoffice'],
        summary: 'Publishes a draft: it goes live at once',
        description:
          'The previous live version is retired. Basis must be the live version the user saw (null: the file), else 409 PSOF0705; not a draft: 409 PSOF0792; no longer valid: 422 PSOF0790. Every instance uses it within a few seconds (README).',
        params: versionParams,
        body: changeBody,
        response: { 200: stateSchema, ...errorResponses },
      },
    },
    async (request): Promise<SettingState> => {
      const who = caller(request);
      await publishDraft(deps(), who, request.params.art, request.params.version, request.body.Basis);
      return settingState(deps(), who.mandantId, request.params.art);
    },
  );

  app.post<{ Params: VersionParams; Body: SettingChangeRequest }>(
    '/:mandant/backoffice/einstellungen/:art/versionen/:version/zuruecksetzen',
    {
      onRequest: app.authenticateBackoffice('settings'),
      schema: {
        tags: ['backoffice'],
        summary: 'Rolls back to an earlier version: a new live version copying it',
        description:
          'Only a version that was published (live or retired): else 409 PSOF0793. Basis as for publishing (409 PSOF0705).',
        params: versionParams,
        body: changeBody,
        response: { 200: stateSchema, ...errorResponses },
      },
    },
    async (request): Promise<SettingState> => {
      const who = caller(request);
      await rollBack(
        deps(),
        who,
        request.params.art,
        request.params.version,
        request.body.Basis,
        request.body.Notiz ?? '',
      );
      return settingState(deps(), who.mandantId, request.params.art);
    },
  );

  app.post<{ Params: KindParams; Body: SettingChangeRequest }>(
    '/:mandant/backoffice/einstellungen/:art/datei',
    {
      onRequest: app.authenticateBackoffice('settings'),
      schema: {
        tags: ['backoffice'],
        summary: 'Back to the mandant file: no override is live any more',
        description:
          'The live version is retired. Already on the file: 409 PSOF0794. Basis as for publishing (409 PSOF0705).',
        params: kindParams,
        body: changeBody,
        response: { 200: stateSchema, ...errorResponses },
      },
    },
    async (request): Promise<SettingState> => {
      const who = caller(request);
      await backToFile(deps(), who, request.params.art, request.body.Basis);
      return settingState(deps(), who.mandantId, request.params.art);
    },
  );
};
