import { describe, expect, it } from 'vitest';
import { readCookie } from '../../domain/cookies.ts';
import {
  CONSENT_COOKIE_NAME,
  consentVersion,
  parseConsent,
  serializeConsent,
} from '../../runtime/consent/consentCookie.ts';
import { decide, UNSET_CONSENT } from '../../runtime/consent/consentState.ts';
import { cookieString } from '../../runtime/consent/cookieJar.ts';
import type { Tracking } from '../../schemas/api.ts';
import { CONSENT_DAYS } from '../../schemas/constants.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const matomo: Tracking = {
  id: 'matomo',
  type: 'matomo',
  url: 'https://analytics.example',
  siteId: 105,
  category: 'analytical',
};
const VERSION = consentVersion([matomo]);
const choice = { functional: false, analytical: true, marketing: true };

describe('consent cookie format', () => {
  it('is readable and needs no encoding', () => {
    const value = serializeConsent(decide(choice, NOW), VERSION);
    expect(value).toBe(`v=1&h=${VERSION}&functional=0&analytical=1&marketing=1&at=${Math.floor(NOW / 1000)}`);
    // RFC 6265 cookie-octet: no whitespace, DQUOTE, comma, semicolon or backslash.
    expect(value).toMatch(/^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]+$/);
  });

  it('round-trips a decision (to the second)', () => {
    const value = serializeConsent(decide(choice, NOW), VERSION);
    expect(parseConsent(value, VERSION, NOW + 1000)).toEqual(decide(choice, Math.floor(NOW / 1000) * 1000));
  });

  it('stores nothing while nothing is decided', () => {
    expect(serializeConsent(UNSET_CONSENT, VERSION)).toBeNull();
  });

  it('is called psoe_consent', () => {
    expect(CONSENT_COOKIE_NAME).toBe('psoe_consent');
  });
});

describe('a stored decision holds for CONSENT_DAYS (SPEC 9: 60 days)', () => {
  const value = serializeConsent(decide(choice, NOW), VERSION);
  it.each([
    ['the same day', 0, true],
    ['after 59 days', 59 * DAY, true],
    ['one second before 60 days', CONSENT_DAYS * DAY - 1000, true],
    ['after exactly 60 days', CONSENT_DAYS * DAY, false],
    ['after 61 days', 61 * DAY, false],
  ])('%s → decided: %s', (_case, elapsed, decided) => {
    expect(parseConsent(value, VERSION, NOW + elapsed).decided).toBe(decided);
  });
});

describe('a changed tracker list asks again (version)', () => {
  const value = serializeConsent(decide(choice, NOW), VERSION);
  it.each<[string, Tracking[]]>([
    ['a tracker added', [matomo, { ...matomo, id: 'second', siteId: 2 }]],
    ['a tracker removed', []],
    ['a tracker moved to marketing', [{ ...matomo, category: 'marketing' }]],
    ['a tracker pointed elsewhere', [{ ...matomo, url: 'https://other.example' }]],
    ['another site id', [{ ...matomo, siteId: 1 }]],
  ])('%s → unset', (_case, trackings) => {
    expect(consentVersion(trackings)).not.toBe(VERSION);
    expect(parseConsent(value, consentVersion(trackings), NOW)).toEqual(UNSET_CONSENT);
  });

  it('the order of the list does not matter', () => {
    const other = { ...matomo, id: 'other', siteId: 9 };
    expect(consentVersion([matomo, other])).toBe(consentVersion([other, matomo]));
  });
});

describe('anything else is unset', () => {
  const at = Math.floor(NOW / 1000);
  it.each([
    ['no cookie', null],
    ['empty', ''],
    ['garbage', 'yes please'],
    ['another format version', `v=2&h=${VERSION}&functional=1&analytical=1&marketing=1&at=${at}`],
    ['a category missing', `v=1&h=${VERSION}&functional=1&analytical=1&at=${at}`],
    ['a category not 0 or 1', `v=1&h=${VERSION}&functional=1&analytical=true&marketing=1&at=${at}`],
    ['no time', `v=1&h=${VERSION}&functional=1&analytical=1&marketing=1`],
    ['a time that is no number', `v=1&h=${VERSION}&functional=1&analytical=1&marketing=1&at=soon`],
  ])('%s', (_case, value) => {
    expect(parseConsent(value, VERSION, NOW)).toEqual(UNSET_CONSENT);
  });
});

describe('cookie strings', () => {
  it('sets path, lifetime and SameSite; Secure only on https', () => {
    expect(cookieString('psoe_consent', 'v=1', { maxAgeSeconds: 60 * 86_400, secure: false })).toBe(
      'psoe_consent=v=1; Max-Age=5184000; Path=/; SameSite=Lax',
    );
    expect(cookieString('channel', 'x', { maxAgeSeconds: 1, secure: true })).toMatch(/; Secure$/);
  });

  it.each([
    ['a=1; psoe_consent=v=1&h=abc; b=2', 'psoe_consent', 'v=1&h=abc'],
    ['channel=news%20letter', 'channel', 'news%20letter'],
    ['xchannel=1', 'channel', null],
    ['', 'channel', null],
  ])('reads %j → %s = %j', (cookies, name, expected) => {
    expect(readCookie(cookies, name)).toBe(expected);
  });
});
