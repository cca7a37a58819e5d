import { describe, expect, it } from 'vitest';
import { wireDateTime } from '../../domain/format.ts';
import { bearerToken } from '../../server/auth/bearerToken.ts';
import { normalizeEmail } from '../../server/auth/normalizeEmail.ts';
import { throttled } from '../../server/db/throttled.ts';
import { clientNetwork, RateLimitKeys } from '../../server/rateLimit/RateLimitKeys.ts';

describe('bearerToken (SPEC section 6: Bearer in Authorization and X-Authorization)', () => {
  it.each<[string, Record<string, string>, string | undefined]>([
    ['Authorization', { authorization: 'Bearer abc.def.ghi' }, 'abc.def.ghi'],
    ['X-Authorization', { 'x-authorization': 'Bearer abc.def.ghi' }, 'abc.def.ghi'],
    ['the scheme in any case', { authorization: 'bearer abc' }, 'abc'],
    [
      'X-Authorization before Authorization',
      { authorization: 'Bearer a', 'x-authorization': 'Bearer b' },
      'b',
    ],
    ['past another scheme', { authorization: 'Basic dXNlcjpwdw==', 'x-authorization': 'Bearer b' }, 'b'],
    ['nothing without a header', {}, undefined],
    ['nothing for another scheme only', { authorization: 'Basic dXNlcjpwdw==' }, undefined],
    ['nothing for an empty Bearer', { authorization: 'Bearer ' }, undefined],
    ['nothing for two values', { authorization: 'Bearer a b' }, undefined],
  ])('%s', (_case, headers, token) => {
    expect(bearerToken(headers)).toBe(token);
  });
});

describe('normalizeEmail', () => {
  it.each([
    ['Anna.Beispiel@NetzPlus.example', 'anna.beispiel@netzplus.example'],
    ['  anna@example.org \t', 'anna@example.org'],
    // "ü" composed (U+00FC) and decomposed (u + U+0308) are one address
    ['mu\u0308ller@example.org', 'm\u00fcller@example.org'],
  ])('%s → %s', (input, normalized) => {
    expect(normalizeEmail(input)).toBe(normalized);
  });
});

describe('clientNetwork: the unit a per-address limit counts', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s → %s', (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });

  it('gives two addresses of one /64 the same key and other networks other keys', () => {
    const keys = new RateLimitKeys(new Uint8Array(32).fill(7));
    const a = keys.forClient('login', 'alpha', '2001:db8:1:2::a');
    expect(keys.forClient('login', 'alpha', '2001:db8:1:2::b')).toBe(a);
    expect(keys.forClient('login', 'alpha', '2001:db8:1:3::a')).not.toBe(a);
    expect(keys.forClient('login', 'beta', '2001:db8:1:2::a')).not.toBe(a);
  });

  it('keeps the address and the e-mail out of the key', () => {
    const keys = new RateLimitKeys(new Uint8Array(32).fill(7));
    const other = new RateLimitKeys(new Uint8Array(32).fill(8));
    const key = keys.forEmail('login', 'alpha', 'anna@alpha.example');
    expect(key).toMatch(/^login:email:alpha:[A-Za-z0-9_-]{43}$/);
    expect(keys.forClient('login', 'alpha', '203.0.113.7')).not.toContain('203.0.113');
    // keyed: without the server's key the hash cannot be recomputed
    expect(other.forEmail('login', 'alpha', 'anna@alpha.example')).not.toBe(key);
  });
});

describe('wireDateTime (SPEC section 9: YYYY-MM-DDThh:mm:ss, Berlin time)', () => {
  it.each([
    ['summer time (UTC+2)', '2026-07-01T10:00:00Z', '2026-07-01T12:00:00'],
    ['winter time (UTC+1)', '2026-01-15T23:30:05Z', '2026-01-16T00:30:05'],
    ['midnight is 00, not 24', '2026-03-01T23:00:00Z', '2026-03-02T00:00:00'],
  ])('%s', (_case, instant, wire) => {
    expect(wireDateTime(new Date(instant))).toBe(wire);
  });
});

describe('throttled', () => {
  it('runs at most once per interval', async () => {
    let runs = 0;
    const run = throttled(60_000, async () => {
      runs += 1;
    });
    await run();
    await run();
    expect(runs).toBe(1);
    const always = throttled(0, async () => {
      runs += 1;
    });
    await always();
    await always();
    expect(runs).toBe(3);
  });
});
