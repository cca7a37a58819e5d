import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parseProfiCreditNoteNumber } from '../../../domain/profiCreditNote.ts';
import {
  type BackofficeProfi,
  PROFI_SELLER_STATUSES,
  type ProfiMonatAntwort,
  type ProfiMonatRequest,
  type ProfiStatusRequest,
} from '../../../schemas/backofficeProfi.ts';
import { SUPPORT_SEARCH_MAX_LENGTH } from '../../../schemas/backofficeSupport.ts';
import { PROFI_ARTEN, PROFI_STEUERSTATUS } from '../../../schemas/profi.ts';
import { type ReportQuery, reportPageSchema, reportQuerySchema } from '../../../schemas/reportQuery.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import { errorResponses, mandantParamsSchema, requireMandant } from '../../http/mandantParam.ts';
import { requestLanguage } from '../../http/requestLanguage.ts';
import { currentAgreementVersion } from '../../profi/account/profiSellers.ts';
import { profiCreditNotePdfStream } from '../../profi/creditNotes/profiCreditNotePdf.ts';
import { profiCreditNoteDeps } from '../../profi/creditNotes/profiCreditNoteRoutes.ts';
import { readProfiCreditNote } from '../../profi/creditNotes/profiCreditNotes.ts';
import { PageBoundaryCache } from '../../reports/PageBoundaryCache.ts';
import { answerReport } from '../../reports/runReport.ts';
import { UUID_PATTERN } from '../../rewards/rewardSchemas.ts';
import { backofficeOf } from '../backofficeAuthPlugin.ts';
import { createProfiSellerActions } from './profiSellerActions.ts';
import { profiSellerListReport } from './profiSellerList.ts';

const tags = ['backoffice'];
const text = { type: 'string' } as const;
const cent = { type: 'integer' } as const;
const nullableString = { type: ['string', 'null'] } as const;
const statusSchema = { type: 'string', enum: [...PROFI_SELLER_STATUSES] } as const;
const taxSchema = { type: 'string', enum: [...PROFI_STEUERSTATUS] } as const;

const idProperty = {
  type: 'string',
  pattern: UUID_PATTERN,
  description: 'The seller’s Id (BackofficeProfiZeile.Id).',
} as const;

const idParamsSchema = {
  type: 'object',
  required: ['mandant', 'id'],
  properties: { ...mandantParamsSchema.properties, id: idProperty },
} as const;

interface IdParams {
  mandant: string;
  id: string;
}

const searchBodySchema = {
  ...reportQuerySchema,
  properties: {
    ...reportQuerySchema.properties,
    Suche: {
      type: 'string',
      maxLength: SUPPORT_SEARCH_MAX_LENGTH,
      description:
        'Contained in the Profinummer, the e-mail or the name or firm (case-insensitive); the form is backofficeSupportSearch.',
    },
  },
} as const;

const sums = { OffenCent: cent, FreigegebenCent: cent, AusgezahltCent: cent } as const;

const rowSchema = {
  type: 'object',
  required: [
    'Id',
    'Profinummer',
    'Name',
    'Email',
    'Steuerstatus',
    'Bankdaten',
    'Vereinbarung',
    'OffenCent',
    'FreigegebenCent',
    'AusgezahltCent',
    'Status',
    'RegistriertAm',
  ],
  properties: {
    Id: text,
    Profinummer: text,
    Name: text,
    Email: text,
    Steuerstatus: taxSchema,
    Bankdaten: { type: 'boolean' },
    Vereinbarung: { type: 'boolean' },
    ...sums,
    Status: statusSchema,
    RegistriertAm: text,
  },
} as const;

const gutschriftSchema = {
  type: 'object',
  required: [
    'Nummer',
    'Monat',
    'Rechnungsdatum',
    'Steuerstatus',
    'NettoCent',
    'UstSatzProzent',
    'UstCent',
    'BruttoCent',
    'Positionen',
    'Ausgezahlt',
  ],
  properties: {
    Nummer: text,
    Monat: text,
    Rechnungsdatum: text,
    Steuerstatus: taxSchema,
    NettoCent: cent,
    UstSatzProzent: { type: 'number' },
    UstCent: cent,
    BruttoCent: cent,
    Positionen: cent,
    Ausgezahlt: { type: 'boolean' },
  },
} as const;

const sellerSchema = {
  type: 'object',
  description: 'schemas/backofficeProfi.ts BackofficeProfi: master data (IBAN masked), sums, credit notes.',
  required: ['Id', 'Profinummer', 'Status', 'IBAN', 'Gutschriften'],
  properties: {
    Id: text,
    Profinummer: text,
    Status: statusSchema,
    RegistriertAm: text,
    Email: text,
    Art: { type: 'string', enum: [...PROFI_ARTEN] },
    Firma: text,
    Vorname: text,
    Nachname: text,
    Strasse: text,
    Plz: text,
    Ort: text,
    Telefon: text,
    Steuerstatus: taxSchema,
    Steuernummer: text,
    UstId: text,
    IBAN: { ...nullableString, description: 'Masked.' },
    Kontoinhaber: nullableString,
    VereinbarungAm: nullableString,
    ...sums,
    StorniertCent: cent,
    Provisionen: cent,
    Gutschriften: { type: 'array', items: gutschriftSchema },
  },
} as const;

const statusBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Status'],
  properties: {
    Status: statusSchema,
    Grund: { type: 'string', maxLength: 500, description: 'Kept in the audit log.' },
  },
} as const;

const monthBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Monat'],
  properties: { Monat: { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM.' } },
} as const;

const monthAnswerSchema = {
  type: 'object',
  required: ['Monat', 'Erstellt', 'Vorhanden', 'Uebersprungen'],
  properties: {
    Monat: text,
    Erstellt: { type: 'array', items: text },
    Vorhanden: cent,
    Uebersprungen: { type: 'array', items: text },
  },
} as const;

/**
 * Profi-sellers in the back office (issue 16): the list with their commission sums, a seller's detail with
 * the credit notes and their PDFs (ability profiSellers), block and unblock (ability profiBlock), the credit
 * notes of a finished month (ability payouts). README beside this file.
 */
export const backofficeProfiRoutes: FastifyPluginAsync = async (app) => {
  const see = app.authenticateBackoffice('profiSellers');
  const block = app.authenticateBackoffice('profiBlock');
  const finance = app.authenticateBackoffice('payouts');
  const boundaries = new PageBoundaryCache();
  const actions = createProfiSellerActions(profiCreditNoteDeps(app));
  const mandantOf = (request: FastifyRequest) =>
    requireMandant(app.mandants, backofficeOf(request).mandantId);

  app.put<{ Params: { mandant: string }; Body: ReportQuery & { Suche?: string } }>(
    '/:mandant/backoffice/profis',
    {
      onRequest: see,
      schema: {
        tags,
        summary:
          'The mandant’s profi-sellers with their commission sums; search by Profinummer, e-mail, name',
        description:
          'SPEC 3 report query plus Suche (empty: every seller). Sortable: Profinummer (default), Name, Email, Status, RegistriertAm. Filterable: Profinummer, Name, Email (contains), Status (A,B), RegistriertAm. Sums over all months. Keyset pages (server/reports). Bad query: 400 PSOF0013.',
        params: mandantParamsSchema,
        body: searchBodySchema,
        response: { 200: reportPageSchema(rowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const mandant = mandantOf(request);
      const { Suche, ...query } = request.body;
      return answerReport(
        app.database.kysely,
        profiSellerListReport,
        {
          mandantId: mandant.id,
          context: { search: (Suche ?? '').trim(), agreementVersion: currentAgreementVersion(mandant) },
          query,
        },
        boundaries,
      );
    },
  );

  app.get<{ Params: IdParams }>(
    '/:mandant/backoffice/profis/:id',
    {
      onRequest: see,
      schema: {
        tags,
        summary: 'A profi-seller: master data (IBAN masked), commission sums, credit notes',
        description: 'Unknown or another mandant’s: 404 PSOF0704.',
        params: idParamsSchema,
        response: { 200: sellerSchema, ...errorResponses },
      },
    },
    async (request): Promise<BackofficeProfi> => actions.detail(mandantOf(request), request.params.id),
  );

  app.get<{ Params: IdParams & { nummer: string } }>(
    '/:mandant/backoffice/profis/:id/gutschriften/:nummer.pdf',
    {
      onRequest: see,
      schema: {
        tags,
        summary: 'One of the seller’s credit notes as PDF (German; English with X-Accept-Language: en)',
        description:
          'The seller area’s renderer. Unknown or another mandant’s seller: 404 PSOF0704; a number the seller has no credit note of: 404 PSOF0963.',
        params: {
          type: 'object',
          required: ['mandant', 'id', 'nummer'],
          properties: {
            ...mandantParamsSchema.properties,
            id: idProperty,
            nummer: { type: 'string', maxLength: 20 },
          },
        },
        produces: ['application/pdf'],
        response: { 200: { description: 'The PDF.', type: 'string', format: 'binary' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = mandantOf(request);
      // The seller first: another mandant's is 404 PSOF0704 whatever the number.
      await actions.detail(mandant, request.params.id);
      const nummer = parseProfiCreditNoteNumber(request.params.nummer);
      if (nummer === null) throw new ApiProblem('PSOF0963');
      const note = await readProfiCreditNote(
        app.database.kysely,
        { mandantId: mandant.id, sellerId: request.params.id },
        nummer,
      );
      const pdf = await profiCreditNotePdfStream(note, requestLanguage(request));
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${note.Nummer}.pdf"`)
        .send(pdf);
    },
  );

  app.put<{ Params: IdParams; Body: ProfiStatusRequest }>(
    '/:mandant/backoffice/profis/:id/status',
    {
      onRequest: block,
      schema: {
        tags,
        summary: 'Block or unblock a profi-seller, with a reason',
        description:
          'Status blocked: the seller’s profi routes answer 403 PSOF0940 from the next request on; active: they work again. A seller already in that status (someone else acted meanwhile) is 409 PSOF0705. Audited (profiSeller.blocked / profiSeller.unblocked, before/after status and the reason). Unknown or another mandant’s: 404 PSOF0704.',
        params: idParamsSchema,
        body: statusBodySchema,
        response: { 200: sellerSchema, ...errorResponses },
      },
    },
    async (request): Promise<BackofficeProfi> => {
      const mandant = mandantOf(request);
      const answer = await actions.setStatus(
        mandant,
        backofficeOf(request).actor,
        request.params.id,
        request.body.Status,
        request.body.Grund ?? '',
      );
      request.log.info(
        { mandant: mandant.id, seller: request.params.id, status: request.body.Status },
        'profi-seller status set in the back office',
      );
      return answer;
    },
  );

  app.post<{ Params: { mandant: string }; Body: ProfiMonatRequest }>(
    '/:mandant/backoffice/profis/gutschriften',
    {
      onRequest: finance,
      schema: {
        tags,
        summary: 'Create the credit notes of a finished month for every seller now',
        description:
          'Every seller with commissions approved in the month (Berlin) and not yet billed gets the month’s credit note (gapless numbers, the seller area’s rules). Idempotent: a second call makes none (Vorhanden counts them). Sellers without address or tax data are skipped and named (Uebersprungen). A month not yet over: 409 PSOF0960. Audited (profiCreditNotes.created with the notes made).',
        params: mandantParamsSchema,
        body: monthBodySchema,
        response: { 200: monthAnswerSchema, ...errorResponses },
      },
    },
    async (request): Promise<ProfiMonatAntwort> => {
      const mandant = mandantOf(request);
      const answer = await actions.createMonth(mandant, backofficeOf(request).actor, request.body.Monat);
      request.log.info(
        { mandant: mandant.id, month: answer.Monat, created: answer.Erstellt.length },
        'profi credit notes of a month created in the back office',
      );
      return answer;
    },
  );
};
