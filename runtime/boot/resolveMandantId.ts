/**
 * Which mandant to ask the API for when no boot data is embedded: `<meta name="mandant">`, else the
 * first label of the host (`telko.localhost` → `telko`), as the server maps hosts.
 */
export function resolveMandantId(doc: Document, hostname: string): string {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="mandant"]')?.content.trim();
  if (meta) return meta;
  return hostname.split('.')[0] ?? hostname;
}
