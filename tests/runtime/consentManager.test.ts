import { afterEach, describe, expect, it, vi } from 'vitest';
import { consentAtom } from '../../runtime/consent/consentAtom.ts';
import {
  CONSENT_COOKIE_NAME,
  consentVersion,
  serializeConsent,
} from '../../runtime/consent/consentCookie.ts';
import { onConsentChange } from '../../runtime/consent/consentEvents.ts';
import { decide } from '../../runtime/consent/consentState.ts';
import { createConsentManager } from '../../runtime/consent/createConsentManager.ts';
import { CONSENT_READY_EVENT, installConsentApi } from '../../runtime/consent/installConsentApi.ts';
import { ANALYTICS, MARKETING, memoryJar, newStore } from './consentFixtures.ts';

const NOW = Date.UTC(2026, 10, 21);
const now = () => NOW;

afterEach(() => {
  delete window.psoeConsent;
  delete window.psoeConsentQueue;
  vi.restoreAllMocks();
});

describe('internal consent manager (our banner)', () => {
  it('starts from the stored decision', () => {
    const stored = serializeConsent(
      decide({ functional: false, analytical: true, marketing: false }, NOW),
      consentVersion([ANALYTICS]),
    );
    const store = newStore();
    createConsentManager({
      store,
      trackings: [ANALYTICS],
      internal: true,
      jar: memoryJar({ [CONSENT_COOKIE_NAME]: stored ?? '' }),
      now,
    });
    expect(store.get(consentAtom)).toMatchObject({ decided: true, choice: { analytical: true } });
  });

  it('stores a decision in the consent cookie for 60 days (SPEC 9) and tells listeners', () => {
    const jar = memoryJar();
    const store = newStore();
    const manager = createConsentManager({ store, trackings: [ANALYTICS], internal: true, jar, now });
    const local = vi.fn();
    const global = vi.fn();
    manager.onChange(local);
    const stop = onConsentChange(global);
    manager.set({ analytical: true });
    stop();
    expect(jar.cookies.get(CONSENT_COOKIE_NAME)).toEqual({
      value: `v=1&h=${consentVersion([ANALYTICS])}&functional=0&analytical=1&marketing=0&at=${NOW / 1000}`,
      maxAgeDays: 60,
    });
    expect(store.get(consentAtom)).toEqual(manager.get());
    expect(local).toHaveBeenCalledTimes(1);
    expect(global).toHaveBeenCalledWith(manager.get());
  });

  it('saving the same choice again renews the cookie but is no change', () => {
    const jar = memoryJar();
    let time = NOW;
    const manager = createConsentManager({
      store: newStore(),
      trackings: [],
      internal: true,
      jar,
      now: () => time,
    });
    const listener = vi.fn();
    manager.onChange(listener);
    manager.set({ marketing: true });
    time += 86_400_000;
    manager.set({ marketing: true });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(jar.cookies.get(CONSENT_COOKIE_NAME)?.value).toContain(`at=${time / 1000}`);
  });

  it('a withdrawal is a change like any other', () => {
    const manager = createConsentManager({
      store: newStore(),
      trackings: [ANALYTICS],
      internal: true,
      jar: memoryJar(),
      now,
    });
    const listener = vi.fn();
    manager.set({ analytical: true });
    manager.onChange(listener);
    manager.set({ analytical: false });
    expect(listener).toHaveBeenCalledWith(
      expect.objectContaining({ choice: expect.objectContaining({ analytical: false }) }),
    );
  });
});

describe('external consent manager (useInternalConsentManager: false)', () => {
  it('neither reads nor writes our cookie: the external manager is the one source of truth', () => {
    const stored = serializeConsent(
      decide({ functional: true, analytical: true, marketing: true }, NOW),
      consentVersion([]),
    );
    const jar = memoryJar({ [CONSENT_COOKIE_NAME]: stored ?? '' });
    const write = vi.spyOn(jar, 'write');
    const manager = createConsentManager({ store: newStore(), trackings: [], internal: false, jar, now });
    expect(manager.get().decided).toBe(false);
    manager.set({ analytical: true });
    expect(manager.get()).toMatchObject({ decided: true, choice: { analytical: true } });
    expect(write).not.toHaveBeenCalled();
    expect(manager.mode).toBe('external');
  });
});

describe('window.psoeConsent (the API an external manager calls)', () => {
  function setUp() {
    const manager = createConsentManager({
      store: newStore(),
      trackings: [ANALYTICS, MARKETING],
      internal: false,
      jar: memoryJar(),
      now,
    });
    return manager;
  }

  it('set() records a decision and get() answers per category and per tracker', () => {
    const manager = setUp();
    installConsentApi(window, manager);
    expect(window.psoeConsent?.get()).toEqual({
      categories: { required: 'given', functional: 'unset', analytical: 'unset', marketing: 'unset' },
      trackers: { stats: 'unset', ads: 'unset' },
    });
    window.psoeConsent?.set({ analytical: true });
    expect(window.psoeConsent?.get()).toEqual({
      categories: { required: 'given', functional: 'declined', analytical: 'given', marketing: 'declined' },
      trackers: { stats: 'given', ads: 'declined' },
    });
  });

  it('applies calls queued before the runtime was there, then keeps the queue live', () => {
    window.psoeConsentQueue = [{ marketing: true }];
    const manager = setUp();
    const ready = vi.fn();
    window.addEventListener(CONSENT_READY_EVENT, ready);
    installConsentApi(window, manager);
    window.removeEventListener(CONSENT_READY_EVENT, ready);
    expect(manager.get()).toMatchObject({ choice: { marketing: true, analytical: false } });
    expect(ready).toHaveBeenCalledTimes(1);
    (window.psoeConsentQueue as { push: (value: unknown) => number }).push({ analytical: true });
    expect(manager.get()).toMatchObject({ choice: { marketing: true, analytical: true } });
  });

  it('onChange() reports snapshots', () => {
    const manager = setUp();
    installConsentApi(window, manager);
    const listener = vi.fn();
    window.psoeConsent?.onChange(listener);
    window.psoeConsent?.set({ marketing: true });
    expect(listener).toHaveBeenCalledWith(
      expect.objectContaining({ trackers: { stats: 'declined', ads: 'given' } }),
    );
  });

  it.each([
    ['no object', 'analytical'],
    ['null', null],
    ['no known category', { statistics: true }],
    ['no boolean', { analytical: 'yes' }],
  ])('ignores %s with a warning', (_case, value) => {
    const manager = setUp();
    installConsentApi(window, manager);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = window.psoeConsent as { set: (value: unknown) => void };
    api.set(value);
    expect(manager.get().decided).toBe(false);
    expect(warn).toHaveBeenCalled();
  });
});
