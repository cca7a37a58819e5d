import { createHmac } from 'node:crypto';

/**
 * Builds rate-limit keys that name the call, the mandant and a keyed hash of the e-mail or client
 * address. The table never holds the address itself (DESIGN "Data": IP addresses hashed), and without
 * the server's key the hash cannot be reversed by trying every IPv4 address.
 */
export class RateLimitKeys {
  readonly #key: Uint8Array;

  constructor(key: Uint8Array) {
    this.#key = key;
  }

  forEmail(call: string, mandant: string, normalizedEmail: string): string {
    return `${call}:email:${mandant}:${this.#hash(normalizedEmail)}`;
  }

  forClient(call: string, mandant: string, ip: string): string {
    return `${call}:ip:${mandant}:${this.#hash(clientNetwork(ip))}`;
  }

  /** One e-mail from one client (the login throttle's delays): neither value can be read from the key. */
  forEmailAndClient(call: string, mandant: string, normalizedEmail: string, ip: string): string {
    return `${call}:email+ip:${mandant}:${this.#hash(`${normalizedEmail}\n${clientNetwork(ip)}`)}`;
  }

  #hash(value: string): string {
    return createHmac('sha256', this.#key).update(value).digest('base64url');
  }
}

/**
 * The part of a client address that identifies one client: a whole IPv4 address, but only the /64
 * network of an IPv6 address, because one household or server gets a whole /64 and could otherwise
 * rotate through 2^64 addresses to escape the limit.
 */
export function clientNetwork(ip: string): string {
  const mapped = ip.toLowerCase().startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  if (!mapped.includes(':')) return mapped;
  const groups = expandIpv6(mapped.split('%')[0] ?? '');
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : mapped;
}

/** `2001:db8::1` → the eight groups, without leading zeros; undefined when it is not IPv6. */
function expandIpv6(ip: string): string[] | undefined {
  const halves = ip.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string | undefined) => (part ? part.split(':') : []);
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return undefined;
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}
