import type { RJSFSchema } from '@rjsf/utils';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';

/** Build-time only (Node): never imported by the runtime itself. */
const GENERATED_BANNER =
  '// Generated at build time by runtime/forms/precompile (ajv standalone). Do not edit.';

/**
 * The ES module of a form's precompiled validator functions (rjsf's `ValidatorFunctions`, default export).
 * ajv's standalone output is CommonJS (its export names are schema hashes, which ESM cannot name), so it is
 * wrapped in a local `exports` object. A schema needing one of ajv's runtime helpers (formats, unicode
 * lengths, deep equality) would `require` it in the browser: the build refuses it instead.
 */
export function compileFormValidatorModule(name: string, schema: object): string {
  const code = compileSchemaValidatorsCode(schema as RJSFSchema, {
    // Lengths as String.length: the unicode-aware count would need ajv's ucs2length helper at runtime.
    ajvOptionsOverrides: { unicode: false, code: { lines: true } },
    ajvFormatOptions: false,
  });
  if (/\brequire\(/.test(code)) {
    throw new Error(
      `form "${name}": its schema needs an ajv runtime helper (format, uniqueItems, object const/enum …); keep to plain keywords`,
    );
  }
  return `${GENERATED_BANNER}\nconst exports = {};\n${code}\nexport default exports;\n`;
}
