/** Describes a database target for people: the URL without its password, or where PGlite keeps its files. */
export function describeTarget(options: { url?: string; pgliteDir?: string; schema?: string }): string {
  if (options.url) {
    const schema = options.schema ? ` (schema ${options.schema})` : '';
    return `${redactUrl(options.url)}${schema}`;
  }
  return options.pgliteDir ? `PGlite in ${options.pgliteDir}` : 'PGlite in memory';
}

export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // An unparsable URL may still hold a password; show nothing of it.
    return '(unparsable database URL)';
  }
  if (parsed.password) parsed.password = '***';
  for (const key of ['password', 'sslpassword', 'sslkey']) {
    if (parsed.searchParams.has(key)) parsed.searchParams.set(key, '***');
  }
  return parsed.toString();
}
