import { Ajv, type ValidateFunction } from 'ajv';
import contentSchema from '../../../schemas/content.schema.json' with { type: 'json' };

/** The file kinds of an embedded content folder, each checked against its definition in the schema. */
export type ContentFileKind = 'entryFile' | 'faqFile' | 'keyVisualsFile' | 'footnotesFile' | 'variablesFile';

// `verbose` keeps the failing schema on each error, for ProblemList's "did you mean …?" hints.
const ajv = new Ajv({ allErrors: true, strict: true, verbose: true });
ajv.addSchema(contentSchema);

const validators = new Map<ContentFileKind, ValidateFunction>();

export function contentFileValidator(kind: ContentFileKind): ValidateFunction {
  let validate = validators.get(kind);
  if (!validate) {
    validate = ajv.getSchema(`content.schema.json#/definitions/${kind}`);
    if (!validate) throw new Error(`content.schema.json has no definition ${kind}`);
    validators.set(kind, validate);
  }
  return validate;
}
