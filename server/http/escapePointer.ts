/** One reference token of a JSON pointer (RFC 6901): `~` → `~0`, `/` → `~1`. */
export function escapePointer(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}
