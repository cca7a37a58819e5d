/** Hosts that mean "this machine": they serve the default mandant. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);
const LOCALHOST_SUFFIX = '.localhost';

export interface HostIndex {
  defaultId: string;
  ids: ReadonlySet<string>;
  /** Configured host (lower case, no port) → mandant id. */
  hosts: ReadonlyMap<string, string>;
}

/** The host name of a Host header: lower case, without port, IPv6 brackets or a trailing dot. */
export function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) {
    const end = name.indexOf(']');
    name = end === -1 ? name.slice(1) : name.slice(1, end);
  } else {
    const colon = name.indexOf(':');
    if (colon !== -1) name = name.slice(0, colon);
  }
  if (name.endsWith('.')) name = name.slice(0, -1);
  return name || undefined;
}

/**
 * Which mandant a request's Host header names (DESIGN "How a page comes to the screen", step 1):
 * localhost, 127.0.0.1 and [::1] → the default; NAME.localhost → NAME; a configured host → its mandant.
 * The port never matters. Anything else → undefined (the caller answers 404 PSOF0010).
 */
export function mandantIdForHost(host: string | undefined, index: HostIndex): string | undefined {
  const name = hostnameOf(host);
  if (name === undefined) return undefined;
  if (LOOPBACK_HOSTS.has(name)) return index.defaultId;
  const configured = index.hosts.get(name);
  if (configured !== undefined) return configured;
  if (name.endsWith(LOCALHOST_SUFFIX)) {
    const id = name.slice(0, -LOCALHOST_SUFFIX.length);
    return index.ids.has(id) ? id : undefined;
  }
  return undefined;
}

/** Host names no mandant may claim, because the mapping above already gives them a meaning. */
export function isReservedHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || host.endsWith(LOCALHOST_SUFFIX);
}
