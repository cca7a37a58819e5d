import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isEmailAllowed, isExcludedByWildcard } from '../../../domain/emailRules.ts';
import { bankDetailsSchema } from '../../../schemas/forms/bankDetails.ts';
import { EMAIL_MAX_LENGTH, isEmailAddress } from '../../../schemas/forms/fields.ts';
import {
  type ProfiDataForm,
  type ProfiRegistrationForm,
  profiDataSchema,
  profiRegistrationSchema,
} from '../../../schemas/forms/profiSeller.ts';
import type { ProfiDaten, ProfiRegistrierungAntwort } from '../../../schemas/profi.ts';
import { enforceMailLimits } from '../../account/accountMailLimits.ts';
import { normalizeEmail } from '../../auth/normalizeEmail.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import { bodySchemaOf } from '../../http/formBodySchema.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../../http/mandantParam.ts';
import { requestLanguage } from '../../http/requestLanguage.ts';
import { optionalUser } from '../../recommendations/optionalUser.ts';
import { rateLimitDeps } from '../../recommender/personalAreaDeps.ts';
import { limitPerAccount } from '../../recommender/personalAreaLimits.ts';
import { profiOf } from '../profiAuthPlugin.ts';
import {
  acceptAgreement,
  checkRegistration,
  type ProfiSellerDeps,
  readSellerData,
  registerSeller,
  storeSellerBank,
  storeSellerData,
} from './profiSellers.ts';

const bearer = [{ bearer: [] }];

/**
 * The registration form's schema with the e-mail as typed (a bad address answers 422 PSOF0302) and the
 * captcha's ALTCHA payload (guests only).
 */
const registrationBodySchema = {
  ...bodySchemaOf(profiRegistrationSchema),
  properties: {
    ...profiRegistrationSchema.properties,
    Email: { type: 'string', minLength: 1, maxLength: EMAIL_MAX_LENGTH },
    Captcha: { type: 'string', maxLength: 4096 },
  },
} as const;

const agreementBodySchema = {
  type: 'object',
  required: ['Akzeptiert'],
  properties: { Akzeptiert: { type: 'boolean', description: 'true: the seller accepts the agreement.' } },
} as const;

const text = { type: 'string' } as const;
const profiDatenSchema = {
  type: 'object',
  description: 'schemas/profi.ts ProfiDaten.',
  required: [
    'Profinummer',
    'Email',
    'Art',
    'Firma',
    'Vorname',
    'Nachname',
    'Strasse',
    'Plz',
    'Ort',
    'Telefon',
    'Steuerstatus',
    'Steuernummer',
    'UstId',
    'IBAN',
    'Kontoinhaber',
    'VereinbarungAm',
    'VereinbarungVersion',
  ],
  properties: {
    Profinummer: text,
    Email: text,
    Art: { type: 'string', enum: ['Person', 'Firma'] },
    Firma: text,
    Vorname: text,
    Nachname: text,
    Strasse: text,
    Plz: text,
    Ort: text,
    Telefon: text,
    Steuerstatus: { type: 'string', enum: ['Kleinunternehmer', 'Regelbesteuert'] },
    Steuernummer: text,
    UstId: text,
    IBAN: { type: ['string', 'null'], description: 'Masked (DE89 **** … 3000), or null.' },
    Kontoinhaber: { type: ['string', 'null'] },
    VereinbarungAm: { type: ['string', 'null'], description: 'When the current agreement was accepted.' },
    VereinbarungVersion: { type: 'string', description: 'The agreement version the mandant asks for now.' },
  },
} as const;

const DATA_ERRORS =
  '422 PSOF0942 (Art Firma without Firma), PSOF0941 (a Steuernummer that is not 10–13 digits: "Steuernummer ist nicht gültig"), PSOF0944 (Kleinunternehmer without Steuernummer), PSOF0943 (Regelbesteuert without Steuernummer or USt-IdNr), PSOF0945 (USt-IdNr)';
const BANK_ERRORS =
  '422 PSOF0240 (IBAN checksum or format), PSOF0242 (a foreign IBAN with ModuleIBANNurDE), PSOF0241 (Kontoinhaber)';

/**
 * The seller's account (issue 16, server/profi/README.md): the public registration, and behind
 * `app.authenticateProfi()` the seller's own data, bank data and agreement. The password changes through
 * the recommender's account routes (the seller's login is the account's).
 */
export const profiAccountRoutes: FastifyPluginAsync = async (app) => {
  const deps: ProfiSellerDeps = {
    db: app.database.kysely,
    cipher: app.fieldCipher,
    fingerprints: app.fingerprints,
  };
  /** Changes count per seller's account like the personal area's (30 per 15 min), not per client address. */
  const limitChanges = (request: FastifyRequest, reply: FastifyReply, mandantId: string) =>
    limitPerAccount(
      rateLimitDeps(app),
      request,
      reply,
      mandantId,
      profiOf(request).accountId,
      'changePerAccount',
    );

  app.post<{ Params: MandantParams; Body: ProfiRegistrationForm & { Captcha?: string } }>(
    '/:mandant/profi/registrieren',
    {
      config: { access: { kind: 'publicOrRecommender' } },
      schema: {
        tags: ['profi'],
        summary: 'Register as a profi-seller: the account, the seller record, the mail to set the password',
        description: `Body (schemas/forms/profiSeller.ts profiRegistrationSchema): the seller's data, Email, optionally IBAN + Kontoinhaber and Vereinbarung, and Captcha (ALTCHA payload; not needed with the session of a logged-in recommender). A new address: an account without password, the seller record (number P-<6 digits>) and a mail with the set-password link. The address of the logged-in recommender: the seller record on that account. Another existing account: nothing is written and a mail asks its owner to sign in and register from there (the same 201). An address that is a seller already: 409 PSOF0946. Errors: 400 PSOF0013 (shape), 422 PSOF0302/PSOF0301 (e-mail), PSOF0206 (excluded address), ${DATA_ERRORS}, ${BANK_ERRORS}, PSOF0307/PSOF0308 (captcha); 429 PSOF0225 (per address), PSOF0016 (per client). Nothing is written on any refusal.`,
        params: mandantParamsSchema,
        body: registrationBodySchema,
        response: {
          201: { type: 'object', required: ['Email'], properties: { Email: { type: 'string' } } },
          ...errorResponses,
        },
      },
    },
    async (request, reply): Promise<ProfiRegistrierungAntwort> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const email = normalizeEmail(request.body.Email ?? '');
      if (!isEmailAddress(email))
        throw new ApiProblem('PSOF0302', [{ pointer: '/Email', reason: 'invalid e-mail' }]);
      if (!isEmailAllowed(email, mandant.config.EmailWhitelist)) throw new ApiProblem('PSOF0301');
      // A seller logs in as a recommender: an address barred from the programme cannot become one.
      if (isExcludedByWildcard(email, mandant.config.programme.excludedEmailWildcards)) {
        throw new ApiProblem('PSOF0206');
      }
      const account = await optionalUser(
        { sessionTokens: app.sessionTokens, accounts: app.accountRepository },
        request.headers,
        mandant.id,
      );
      const { Captcha, ...form } = request.body;
      const checked = checkRegistration(deps, mandant, form);
      await enforceMailLimits(app, request, reply, mandant.id, email);
      if (!account) await app.captcha.assertSolved(mandant.id, Captcha);
      const outcome = await registerSeller(
        {
          ...deps,
          lifecycle: app.accountLifecycleRepository,
          tokens: app.accountTokenRepository,
          mail: app.mail,
        },
        {
          mandant,
          email,
          form,
          sessionAccountId: account?.id,
          origin: app.mail.originFor(request, mandant),
          requestLanguage: requestLanguage(request),
        },
        checked,
      );
      request.log.info({ mandant: mandant.id, outcome }, 'profi registration');
      return reply.code(201).send({ Email: email });
    },
  );

  app.get<{ Params: MandantParams }>(
    '/:mandant/profi/daten',
    {
      onRequest: app.authenticateProfi(),
      schema: {
        tags: ['profi'],
        summary: "The seller's own data (IBAN masked)",
        params: mandantParamsSchema,
        security: bearer,
        response: { 200: profiDatenSchema, ...errorResponses },
      },
    },
    async (request): Promise<ProfiDaten> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      return readSellerData(deps, mandant, profiOf(request));
    },
  );

  app.put<{ Params: MandantParams; Body: ProfiDataForm }>(
    '/:mandant/profi/daten',
    {
      onRequest: app.authenticateProfi(),
      schema: {
        tags: ['profi'],
        summary: "Change the seller's own data (tax status, tax number, address, name)",
        description: `Body: schemas/forms/profiSeller.ts profiDataSchema. Answers the stored data. Errors: 400 PSOF0013 (shape), ${DATA_ERRORS}; 429 PSOF0016 (more than 30 changes in 15 minutes per account).`,
        params: mandantParamsSchema,
        body: bodySchemaOf(profiDataSchema),
        security: bearer,
        response: { 200: profiDatenSchema, ...errorResponses },
      },
    },
    async (request, reply): Promise<ProfiDaten> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      await limitChanges(request, reply, mandant.id);
      return storeSellerData(deps, mandant, profiOf(request), request.body);
    },
  );

  app.put<{ Params: MandantParams; Body: { IBAN: string; Kontoinhaber: string } }>(
    '/:mandant/profi/bankdaten',
    {
      onRequest: app.authenticateProfi(),
      schema: {
        tags: ['profi'],
        summary: "Store the seller's bank account for commissions (encrypted at rest)",
        description: `Body: schemas/forms/bankDetails.ts (IBAN, Kontoinhaber). Answers the data with the IBAN masked. Errors: 400 PSOF0013 (shape), ${BANK_ERRORS}; 429 PSOF0016 (more than 30 changes in 15 minutes per account).`,
        params: mandantParamsSchema,
        body: bodySchemaOf(bankDetailsSchema),
        security: bearer,
        response: { 200: profiDatenSchema, ...errorResponses },
      },
    },
    async (request, reply): Promise<ProfiDaten> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      await limitChanges(request, reply, mandant.id);
      return storeSellerBank(deps, mandant, profiOf(request), request.body);
    },
  );

  app.put<{ Params: MandantParams; Body: { Akzeptiert: boolean } }>(
    '/:mandant/profi/vereinbarung',
    {
      onRequest: app.authenticateProfi(),
      schema: {
        tags: ['profi'],
        summary: 'Accept the seller agreement (the version the mandant asks for now)',
        description:
          'Body: { "Akzeptiert": true }. Errors: 400 PSOF0013 (shape), 422 PSOF0947 (not true), 429 PSOF0016 (more than 30 changes in 15 minutes per account).',
        params: mandantParamsSchema,
        body: agreementBodySchema,
        security: bearer,
        response: { 200: profiDatenSchema, ...errorResponses },
      },
    },
    async (request, reply): Promise<ProfiDaten> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      await limitChanges(request, reply, mandant.id);
      if (request.body.Akzeptiert !== true) {
        throw new ApiProblem('PSOF0947', [{ pointer: '/Akzeptiert', reason: 'must be true' }]);
      }
      return acceptAgreement(deps, mandant, profiOf(request));
    },
  );
};
