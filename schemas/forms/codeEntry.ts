/**
 * The recommendation code a person was given (CodeEntry → GET /empfehlung/empfehlungscode/{code}). Typed as
 * printed or read out (spaces, dashes, any case); whether it is a code at all is checked in customValidate
 * with isOfflineCode(normaliseOfflineCode(…)) (domain/recommendationLinks.ts), as the server does.
 */
export const codeEntrySchema = {
  $id: 'codeEntry',
  type: 'object',
  required: ['code'],
  properties: {
    code: { type: 'string', minLength: 1, maxLength: 32, pattern: '\\S' },
  },
} as const;

export interface CodeEntryData {
  code?: string;
}
