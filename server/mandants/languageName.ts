/** A language's name in that language (de → Deutsch, en → English), as the language switch shows it. */
export function languageName(code: string): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([code], { type: 'language', fallback: 'none' }).of(code);
  } catch {
    name = undefined;
  }
  if (!name) return code;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
}
