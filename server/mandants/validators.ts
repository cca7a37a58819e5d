import { Ajv, type ValidateFunction } from 'ajv';
import { type BlockType, blockPropsSchemas } from '../../schemas/blocks/index.ts';
import mandantSchema from '../../schemas/mandant.schema.json' with { type: 'json' };
import pageSchema from '../../schemas/page.schema.json' with { type: 'json' };

/**
 * Two ajv instances on purpose: raw files are checked without defaults (a partial mandant.json must not
 * gain defaults that would then override _base in the merge); the merged result is checked again with
 * `useDefaults`, which fills in every default the schema names.
 */
// `verbose` keeps the failing schema and data on each error, for "did you mean …?" hints.
const strict = new Ajv({ allErrors: true, strict: true, verbose: true });
const withDefaults = new Ajv({ allErrors: true, strict: true, useDefaults: true, verbose: true });

export const validateMandantFile = strict.compile(mandantSchema);
export const applyMandantDefaults = withDefaults.compile(mandantSchema);
export const validatePageFile = strict.compile(pageSchema);
export const applyPageDefaults = withDefaults.compile(pageSchema);
/** i18n/{lang}.json: a flat map of i18n key → text. */
export const validateTranslationsFile = strict.compile({
  type: 'object',
  additionalProperties: { type: 'string' },
});

const blockValidators = new Map<BlockType, ValidateFunction>();

/** The props validator of a registered block type (fills in the props' defaults). */
export function blockPropsValidator(type: BlockType): ValidateFunction {
  let validate = blockValidators.get(type);
  if (!validate) {
    validate = withDefaults.compile(blockPropsSchemas[type]);
    blockValidators.set(type, validate);
  }
  return validate;
}
