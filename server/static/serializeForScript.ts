const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/**
 * JSON that can sit inside `<script type="application/json">`: `<` `>` `&` become \u escapes so no text
 * (a mandant name, a translation) can close the element or open a comment, and U+2028/2029 are escaped
 * for older JavaScript parsers. JSON.parse reads the escapes back to the same characters.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    UNSAFE_IN_SCRIPT,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
