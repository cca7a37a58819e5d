import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AgenturStammdatenRequest, AgenturVariable } from '../../../schemas/agencyAdmin.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../../http/mandantParam.ts';
import { agencyOf } from '../agencyAuthPlugin.ts';
import {
  type MasterDataDeps,
  readAgencyRow,
  readMasterData,
  storeAgencyVariables,
  storeMasterData,
} from './masterData.ts';

const bearer = [{ bearer: [] }];
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

const masterDataSchema = {
  type: 'object',
  required: [
    'Agenturnummer',
    'Firma',
    'Strasse',
    'Plz',
    'Ort',
    'UstId',
    'Steuernummer',
    'KontaktName',
    'KontaktEmail',
    'KontaktTelefon',
    'IBAN',
    'Kontoinhaber',
  ],
  properties: {
    Agenturnummer: { type: 'string' },
    Firma: { type: 'string' },
    Strasse: { type: 'string' },
    Plz: { type: 'string' },
    Ort: { type: 'string' },
    UstId: { type: 'string', description: 'USt-IdNr, or empty.' },
    Steuernummer: { type: 'string', description: 'Steuernummer, or empty.' },
    KontaktName: { type: 'string' },
    KontaktEmail: { type: 'string' },
    KontaktTelefon: { type: 'string' },
    IBAN: { type: ['string', 'null'], description: 'Masked (DE** **** … 3000), or null.' },
    Kontoinhaber: { type: ['string', 'null'] },
  },
} as const;

const masterDataBodySchema = {
  type: 'object',
  additionalProperties: false,
  // A form leaves out what was left empty: the optional fields may be missing (stored as '').
  required: ['Firma', 'Strasse', 'Plz', 'Ort'],
  properties: {
    Firma: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    Strasse: text(200),
    Plz: { type: 'string', pattern: '^([0-9A-Z -]{3,10})?$' },
    Ort: text(100),
    UstId: {
      type: 'string',
      pattern: '^\\s*([A-Za-z]{2}\\s*[0-9A-Za-z+*.\\s]{2,14})?\\s*$',
      description: 'USt-IdNr (e.g. DE123456789), or empty.',
    },
    Steuernummer: {
      type: 'string',
      pattern: '^([0-9][0-9 /]{8,18}[0-9])?$',
      description: 'Steuernummer (10–13 digits, with / or spaces), or empty.',
    },
    KontaktName: text(200),
    KontaktEmail: { type: 'string', pattern: '^([^\\s@]+@[^\\s@]+\\.[^\\s@]+)?$', maxLength: 254 },
    KontaktTelefon: { type: 'string', pattern: '^([+0-9 ()/-]{3,30})?$' },
    IBAN: {
      type: ['string', 'null'],
      maxLength: 42,
      description: 'The full IBAN to store; null or left out keeps the stored one; empty removes it.',
    },
    Kontoinhaber: { type: ['string', 'null'], maxLength: 70 },
  },
} as const;

const variableSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Name', 'Value'],
  properties: {
    // The content's variable names (praemie.festnetz): letters, digits, _, . and -.
    Name: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_.-]{0,63}$' },
    Value: { type: 'string', maxLength: 2000 },
  },
} as const;

const READ =
  'Access: an agency token (owner, inactive owner or employee: ability masterData), else 401/403 PSOF0600.';
const EDIT =
  'Access: an agency token of the owner or inactive owner (ability masterDataEdit; SPEC 6: the employee sees the master data but cannot change it, 403 PSOF0600).';

function deps(app: FastifyInstance): MasterDataDeps {
  return { db: app.database.kysely, cipher: app.fieldCipher };
}

/** SPEC 6 "master data" and SPEC 7 agency variables of the caller's agency. */
export const masterDataRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: MandantParams }>(
    '/:mandant/agentur/stammdaten',
    {
      onRequest: app.authenticateAgency('masterData'),
      schema: {
        tags: ['agency'],
        summary: 'The agency’s master data, the IBAN masked',
        description: READ,
        security: bearer,
        params: mandantParamsSchema,
        response: { 200: masterDataSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireMandant(app.mandants, request.params.mandant);
      return readMasterData(deps(app), agencyOf(request));
    },
  );

  app.put<{ Params: MandantParams; Body: AgenturStammdatenRequest }>(
    '/:mandant/agentur/stammdaten',
    {
      onRequest: app.authenticateAgency('masterDataEdit'),
      schema: {
        tags: ['agency'],
        summary: 'Change the agency’s master data (the IBAN in full; stored encrypted)',
        description: `${EDIT} Malformed fields: 400 PSOF0013 with pointers; invalid IBAN: 422 PSOF0643 ('IBAN ist nicht gültig'); an IBAN without a valid account holder: 422 PSOF0644.`,
        security: bearer,
        params: mandantParamsSchema,
        body: masterDataBodySchema,
        response: { 200: masterDataSchema, ...errorResponses },
      },
    },
    async (request) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const agency = agencyOf(request);
      const stored = await storeMasterData(deps(app), agency, request.body);
      request.log.info({ mandant: mandant.id, agency: agency.agencyId }, 'agency master data stored');
      return stored;
    },
  );

  // POST on this path is the content area's read (the mandant's variables with the agency's values from
  // the content source, server/content/contentRoutes.ts); storing the agency's own values is PUT.
  app.put<{ Params: MandantParams & { id: string }; Body: AgenturVariable[] }>(
    '/:mandant/content/agenturvariables/:id',
    {
      onRequest: app.authenticateAgency('administration'),
      schema: {
        tags: ['agency'],
        summary: 'Replace the agency’s variables (SPEC 7); answers them',
        description:
          'Access: an agency token with ability administration (owner, inactive owner, employee). {id} is the caller’s Agenturnummer; another: 404 PSOF0601. Malformed list or a name given twice: 400 PSOF0013 with pointers.',
        security: bearer,
        params: {
          type: 'object',
          required: ['mandant', 'id'],
          properties: {
            ...mandantParamsSchema.properties,
            id: { type: 'string', description: 'Agenturnummer.' },
          },
        },
        body: { type: 'array', maxItems: 100, items: variableSchema },
        response: { 200: { type: 'array', items: variableSchema }, ...errorResponses },
      },
    },
    async (request) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const agency = agencyOf(request);
      const row = await readAgencyRow(app.database.kysely, agency);
      if (row.agenturnummer !== request.params.id) throw new ApiProblem('PSOF0601');
      const stored = await storeAgencyVariables(app.database.kysely, agency, request.body);
      request.log.info(
        { mandant: mandant.id, agency: agency.agencyId, count: stored.length },
        'agency variables stored',
      );
      return stored;
    },
  );
};
