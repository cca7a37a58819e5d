import { emailField, personNameField } from './forms/fields.ts';

/**
 * The recommendation form (SPEC 3 "Recommendation form"; issue 4) as JSON Schemas, one per variant. They are
 * fixed at build time: runtime/forms/ precompiles a validator for each (docs/adr/0010-forms-without-eval.md),
 * so nothing here may depend on a mandant — labels come from the uiSchema, the offered reward split and the
 * campaigns from the block. Keep to keywords whose standalone code needs no runtime helper (no `format`,
 * `uniqueItems` or object `enum`/`const`); the build fails otherwise.
 */

export { offeredShares } from '../domain/recommenderShares.ts';

const recommenderFields = {
  vorname: personNameField,
  nachname: personNameField,
  email: emailField,
  /** SPEC 3 bountyRecipient: percent the recommender keeps (the mandant's default or 50). */
  anteilEmpfehler: { type: 'integer', minimum: 0, maximum: 100 },
  /** Campaign consents by AktionsId. */
  aktionen: { type: 'object', additionalProperties: { type: 'boolean' } },
  newsletter: { type: 'boolean' },
  /** SPEC 5: AGB and reward conditions must be confirmed. */
  agb: { type: 'boolean', const: true },
} as const;

const requiredFields = ['vorname', 'nachname', 'email', 'agb'] as const;

export const recommendFormSchema = {
  $id: 'recommendForm',
  type: 'object',
  required: [...requiredFields],
  properties: recommenderFields,
} as const;

/** EmpfehlenAgent (ModuleAgentRecommendation): a call-centre agent enters it for a customer. */
export const recommendFormAgentSchema = {
  $id: 'recommendFormAgent',
  type: 'object',
  required: ['agentennummer', ...requiredFields],
  properties: {
    agentennummer: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9][A-Za-z0-9 ._/-]*$' },
    ...recommenderFields,
  },
} as const;

/** RecommendEmployee (ModuleCompanyRecommendation): a company recommends to its employees. */
export const recommendFormCompanySchema = {
  $id: 'recommendFormCompany',
  type: 'object',
  required: ['firma', ...requiredFields],
  properties: {
    firma: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    ...recommenderFields,
  },
} as const;

export const RECOMMEND_FORM_VARIANTS = ['standard', 'agent', 'company'] as const;
export type RecommendFormVariant = (typeof RECOMMEND_FORM_VARIANTS)[number];

export const RECOMMEND_FORM_SCHEMAS = {
  standard: recommendFormSchema,
  agent: recommendFormAgentSchema,
  company: recommendFormCompanySchema,
} as const;

/** What the form holds (every field optional: a fresh form is empty). */
export interface RecommendFormData {
  agentennummer?: string;
  firma?: string;
  vorname?: string;
  nachname?: string;
  email?: string;
  anteilEmpfehler?: number;
  aktionen?: Record<string, boolean>;
  newsletter?: boolean;
  agb?: boolean;
}
