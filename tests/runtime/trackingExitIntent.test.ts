import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConsentManager } from '../../runtime/consent/createConsentManager.ts';
import { createTracking } from '../../runtime/tracking/createTracking.ts';
import {
  type ExitIntentEvent,
  exitSignal,
  isExitIntent,
  onExitIntent,
  watchExitIntent,
} from '../../runtime/tracking/exitIntent.ts';
import * as matomo from '../../runtime/tracking/matomoHit.ts';
import { emitNavigated } from '../../runtime/tracking/navigated.ts';
import { EXIT_INTENT_MS } from '../../schemas/constants.ts';
import { ANALYTICS, memoryJar, newStore } from './consentFixtures.ts';

function mouseLeavesTop() {
  document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0, relatedTarget: null }));
}

function tabHidden() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
}

describe('exit signals', () => {
  it.each([
    [
      'the pointer leaves across the top edge',
      { type: 'mouseout', clientY: 0, relatedTarget: null },
      'mouse-leave-top',
    ],
    ['above the top edge', { type: 'mouseout', clientY: -5, relatedTarget: null }, 'mouse-leave-top'],
    ['the pointer leaves at the side', { type: 'mouseout', clientY: 300, relatedTarget: null }, null],
    ['moving between elements', { type: 'mouseout', clientY: 0, relatedTarget: {} }, null],
    ['the tab is hidden', { type: 'visibilitychange', visibilityState: 'hidden' }, 'hidden'],
    ['the tab is shown again', { type: 'visibilitychange', visibilityState: 'visible' }, null],
  ])('%s → %s', (_case, input, expected) => {
    expect(exitSignal(input)).toBe(expected);
  });
});

describe('exit intent after 15000 ms (SPEC 9)', () => {
  it.each([
    ['right away', 0, false, false],
    ['after 14999 ms', EXIT_INTENT_MS - 1, false, false],
    ['after exactly 15000 ms', EXIT_INTENT_MS, false, true],
    ['after a minute', 60_000, false, true],
    ['after a minute, already reported on this page', 60_000, true, false],
  ])('%s → %s', (_case, elapsed, reported, expected) => {
    expect(isExitIntent(elapsed, reported)).toBe(expected);
  });
});

describe('watching the document (fake timers)', () => {
  let events: ExitIntentEvent[];
  let stopListening: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    events = [];
    stopListening = onExitIntent((event) => events.push(event));
  });
  afterEach(() => {
    stopListening();
    vi.useRealTimers();
  });

  it('ignores signals in the first 15 s of a page, then reports one per page', () => {
    const watcher = watchExitIntent(document);
    watcher.pageShown(1, 'Homepage');
    vi.advanceTimersByTime(EXIT_INTENT_MS - 1);
    mouseLeavesTop();
    tabHidden();
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    mouseLeavesTop();
    tabHidden();
    expect(events).toEqual([{ seq: 1, routeName: 'Homepage', signal: 'mouse-leave-top' }]);
    watcher.stop();
  });

  it('a new page starts the clock again', () => {
    const watcher = watchExitIntent(document);
    watcher.pageShown(1, 'Homepage');
    vi.advanceTimersByTime(20_000);
    watcher.pageShown(2, 'Faq');
    tabHidden();
    expect(events).toEqual([]);
    vi.advanceTimersByTime(EXIT_INTENT_MS);
    tabHidden();
    expect(events).toEqual([{ seq: 2, routeName: 'Faq', signal: 'hidden' }]);
    watcher.stop();
  });

  it('a stopped watcher reports nothing', () => {
    const watcher = watchExitIntent(document);
    watcher.pageShown(1, 'Homepage');
    watcher.stop();
    vi.advanceTimersByTime(EXIT_INTENT_MS);
    mouseLeavesTop();
    expect(events).toEqual([]);
  });

  it('reaches consented trackers as a Matomo event, and nothing without consent', async () => {
    const sent: URL[] = [];
    const manager = createConsentManager({
      store: newStore(),
      trackings: [ANALYTICS],
      internal: false,
      jar: memoryJar(),
    });
    const tracking = createTracking({
      trackings: [ANALYTICS],
      consent: manager,
      send: (url) => sent.push(new URL(url)),
      document,
      loadMatomo: async () => matomo,
    });
    emitNavigated({ routeName: 'Homepage', params: {}, pathname: '/de/', search: '?exit=1', title: 'Start' });
    vi.advanceTimersByTime(EXIT_INTENT_MS);
    tabHidden();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([]);

    emitNavigated({ routeName: 'Faq', params: {}, pathname: '/de/faq', search: '?exit=2', title: 'FAQ' });
    manager.set({ analytical: true });
    vi.advanceTimersByTime(EXIT_INTENT_MS);
    mouseLeavesTop();
    await vi.advanceTimersByTimeAsync(0);
    const exit = sent.find((url) => url.searchParams.get('e_c') === 'exitIntent');
    expect(exit?.searchParams.get('e_a')).toBe('mouse-leave-top');
    expect(exit?.searchParams.get('e_n')).toBe('Faq');
    expect(exit?.searchParams.get('url')).toMatch(/\/de\/faq$/);
    tracking.stop();
  });
});
