import { recipientDataSchema } from '../../schemas/forms/recipientData.ts';
import {
  recommendFormAgentSchema,
  recommendFormCompanySchema,
  recommendFormSchema,
} from '../../schemas/recommendForm.ts';

/**
 * Every form whose validator is precompiled at build time (docs/adr/0010-forms-without-eval.md), by the name
 * its virtual module has: `virtual:form-validator/NAME`. Adding a form: its schema in schemas/, one line
 * here (the Vite plugin makes the validator index from this object). The schema passed to the form must be
 * exactly this object.
 */
export const FORM_SCHEMAS = {
  recommendForm: recommendFormSchema,
  recommendFormAgent: recommendFormAgentSchema,
  recommendFormCompany: recommendFormCompanySchema,
  recipientData: recipientDataSchema,
} as const;

export type FormName = keyof typeof FORM_SCHEMAS;
