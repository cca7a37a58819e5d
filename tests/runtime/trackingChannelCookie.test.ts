import { describe, expect, it } from 'vitest';
import { createConsentManager } from '../../runtime/consent/createConsentManager.ts';
import { channelCookieAction, channelFromSearch } from '../../runtime/tracking/channelCookie.ts';
import { emitNavigated } from '../../runtime/tracking/navigated.ts';
import { startChannelCookie } from '../../runtime/tracking/startChannelCookie.ts';
import { CHANNEL_COOKIE_DAYS, CHANNEL_COOKIE_NAME } from '../../schemas/constants.ts';
import { memoryJar, newStore } from './consentFixtures.ts';

describe('channel parameters (SPEC 2: channel, c, pk_campaign or mtm_campaign)', () => {
  it.each([
    ['?channel=xyz', 'xyz'],
    ['?c=mail', 'mail'],
    ['?pk_campaign=spring', 'spring'],
    ['?mtm_campaign=autumn', 'autumn'],
    ['?mtm_campaign=b&channel=a', 'a'],
    ['?c=&pk_campaign=fallback', 'fallback'],
    ['?channel=%20spaced%20', 'spaced'],
    ['?utm_campaign=other', null],
    ['?Channel=case', null],
    ['', null],
  ])('%s → %j', (search, expected) => {
    expect(channelFromSearch(search)).toBe(expected);
  });

  it('cuts overlong values', () => {
    expect(channelFromSearch(`?c=${'x'.repeat(500)}`)).toHaveLength(100);
  });
});

describe('channel cookie decision (SPEC 2: only with consent; marketing attribution → marketing)', () => {
  it.each([
    [
      'consent given, a channel this visit',
      { remembered: 'xyz', consent: 'given', stored: null },
      { kind: 'write', value: 'xyz' },
    ],
    [
      'consent given, a newer channel',
      { remembered: 'new', consent: 'given', stored: 'old' },
      { kind: 'write', value: 'new' },
    ],
    [
      'consent given, the same channel',
      { remembered: 'xyz', consent: 'given', stored: 'xyz' },
      { kind: 'none' },
    ],
    [
      'consent given, no channel this visit',
      { remembered: null, consent: 'given', stored: 'old' },
      { kind: 'none' },
    ],
    [
      'consent unset: remembered, not written',
      { remembered: 'xyz', consent: 'unset', stored: null },
      { kind: 'none' },
    ],
    [
      'consent unset (expired), a stored cookie stays',
      { remembered: null, consent: 'unset', stored: 'old' },
      { kind: 'none' },
    ],
    [
      'consent declined: nothing written',
      { remembered: 'xyz', consent: 'declined', stored: null },
      { kind: 'none' },
    ],
    [
      'consent withdrawn: the cookie goes',
      { remembered: 'xyz', consent: 'declined', stored: 'xyz' },
      { kind: 'remove' },
    ],
  ] as const)('%s', (_case, input, expected) => {
    expect(channelCookieAction(input)).toEqual(expected);
  });
});

describe('the channel cookie over a visit', () => {
  function setUp(search: string) {
    const jar = memoryJar();
    const manager = createConsentManager({ store: newStore(), trackings: [], internal: false, jar });
    const stop = startChannelCookie(manager, jar, search);
    return { jar, manager, stop };
  }

  it('remembers the landing URL channel and stores it for 730 days once consent comes later', () => {
    const { jar, manager, stop } = setUp('?channel=xyz');
    expect(jar.cookies.has(CHANNEL_COOKIE_NAME)).toBe(false);
    emitNavigated({ routeName: 'Faq', params: {}, pathname: '/de/faq', search: '', title: 'FAQ' });
    expect(jar.cookies.has(CHANNEL_COOKIE_NAME)).toBe(false);
    manager.set({ marketing: true });
    expect(jar.cookies.get(CHANNEL_COOKIE_NAME)).toEqual({ value: 'xyz', maxAgeDays: CHANNEL_COOKIE_DAYS });
    expect(CHANNEL_COOKIE_DAYS).toBe(730);
    stop();
  });

  it('analytics consent alone is not enough', () => {
    const { jar, manager, stop } = setUp('?c=mail');
    manager.set({ analytical: true, functional: true });
    expect(jar.cookies.has(CHANNEL_COOKIE_NAME)).toBe(false);
    stop();
  });

  it('takes a channel from a later URL of the visit, and encodes it', () => {
    const { jar, manager, stop } = setUp('');
    manager.set({ marketing: true });
    emitNavigated({
      routeName: 'Homepage',
      params: {},
      pathname: '/de/',
      search: '?pk_campaign=Frühling 26',
      title: 'Start',
    });
    expect(jar.cookies.get(CHANNEL_COOKIE_NAME)?.value).toBe('Fr%C3%BChling%2026');
    stop();
  });

  it('withdrawing marketing consent removes the cookie', () => {
    const { jar, manager, stop } = setUp('?mtm_campaign=autumn');
    manager.set({ marketing: true });
    expect(jar.cookies.has(CHANNEL_COOKIE_NAME)).toBe(true);
    manager.set({ marketing: false });
    expect(jar.cookies.has(CHANNEL_COOKIE_NAME)).toBe(false);
    stop();
  });
});
