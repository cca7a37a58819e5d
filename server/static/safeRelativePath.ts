/**
 * A relative file path that cannot leave its folder: no absolute paths, no `..` or `.` segments, no empty
 * segments, no backslashes or NUL. Returns undefined for anything else. Used for mandant asset names in
 * config and for every file path taken from a URL.
 */
export function safeRelativePath(value: string): string | undefined {
  if (value === '' || value.includes('\0') || value.includes('\\') || value.startsWith('/')) return undefined;
  const segments = value.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined;
  return value;
}
