import { describe, expect, it } from 'vitest';
import { clickLocation, fillPath, preferredLanguage } from '../../server/clicks/clickLocation.ts';
import { isRecommendationExpired } from '../../server/recipients/recommendationState.ts';

const routes = {
  routes: {
    RecipientData: '/empfaenger/:empfehlungsnummer',
    ExpiredRecommendation: '/empfehlung-abgelaufen',
  },
};
const target = {
  empfehlungsnummer: '1234567890',
  linkHex: 'ab'.repeat(16),
  language: 'de',
  channel: null,
  widget: null,
};

describe('clickLocation', () => {
  it.each([
    [
      'recipient page with channel and hex',
      { channel: 'email' as const },
      `/de/empfaenger/1234567890?channel=email&hex=${'ab'.repeat(16)}`,
    ],
    ['no channel', {}, `/de/empfaenger/1234567890?hex=${'ab'.repeat(16)}`],
    [
      'widget kept (SPEC 2)',
      { widget: 'w 1' },
      `/de/empfaenger/1234567890?hex=${'ab'.repeat(16)}&widget=w%201`,
    ],
    ['expired or unknown', { linkHex: null, channel: 'email' as const }, '/de/empfehlung-abgelaufen'],
    ['expired, widget kept', { linkHex: null, widget: '1' }, '/de/empfehlung-abgelaufen?widget=1'],
    ['another language', { language: 'en' }, `/en/empfaenger/1234567890?hex=${'ab'.repeat(16)}`],
  ])('%s', (_name, overrides, expected) => {
    expect(clickLocation(routes, { ...target, ...overrides })).toBe(expected);
  });

  it('uses the mandant’s own paths, and the defaults where it has none', () => {
    const own = { routes: { RecipientData: 'freund/{empfehlungsnummer}/start' } };
    expect(clickLocation(own, target)).toMatch(/^\/de\/freund\/1234567890\/start\?hex=/);
    expect(clickLocation({ routes: {} }, { ...target, linkHex: null })).toBe('/de/empfehlung-abgelaufen');
  });
});

describe('fillPath', () => {
  it.each([
    ['/empfaenger/:empfehlungsnummer', { empfehlungsnummer: '1' }, '/empfaenger/1'],
    ['/a/{x}/b/:y', { x: 'ä b', y: '2' }, '/a/%C3%A4%20b/b/2'],
    ['/a/:missing', {}, '/a/:missing'],
    ['/a:b/c', { b: 'x' }, '/a:b/c'],
  ])('%s', (path, params, expected) => {
    expect(fillPath(path, params)).toBe(expected);
  });
});

describe('preferredLanguage', () => {
  it.each([
    [undefined, ['de', 'en'], 'de'],
    ['en-GB,en;q=0.9,de;q=0.8', ['de', 'en'], 'en'],
    ['fr-FR,en;q=0.5,de;q=0.7', ['de', 'en'], 'de'],
    ['en', ['de'], 'de'],
    ['de;q=0,en', ['de', 'en'], 'en'],
    ['*', ['de', 'en'], 'de'],
  ])('%s of %j → %s', (header, offered, expected) => {
    expect(preferredLanguage(header, offered, 'de')).toBe(expected);
  });
});

// SPEC 9: the recipient has 60 days to follow the link; SPEC 8: 'Diese Empfehlung ist leider nicht mehr möglich'.
describe('isRecommendationExpired', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const open = {
    status: 'Offen' as const,
    linkExpiresAt: new Date('2026-03-02T00:00:00Z'),
    erasedAt: null,
    optinPending: false,
  };
  it.each([
    ['open and in time', open, false],
    ['link expiry passed', { ...open, linkExpiresAt: new Date('2026-03-01T11:59:59Z') }, true],
    ['exactly at the expiry', { ...open, linkExpiresAt: now }, true],
    ['cancelled (Storniert)', { ...open, status: 'Storniert' as const }, true],
    ['status Abgelaufen', { ...open, status: 'Abgelaufen' as const }, true],
    ['released (Freigegeben) but in time', { ...open, status: 'Freigegeben' as const }, false],
    ['erased', { ...open, erasedAt: new Date('2026-02-01T00:00:00Z') }, true],
    ['opt-in of the recommender not confirmed yet', { ...open, optinPending: true }, true],
  ])('%s → %s', (_name, recommendation, expected) => {
    expect(isRecommendationExpired(recommendation, now)).toBe(expected);
  });
});
