import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decide, ONLY_REQUIRED, UNSET_CONSENT } from '../../runtime/consent/consentState.ts';
import { createConsentManager } from '../../runtime/consent/createConsentManager.ts';
import { allowedTrackers } from '../../runtime/tracking/allowedTrackers.ts';
import { createTracking, type TrackingRuntime } from '../../runtime/tracking/createTracking.ts';
import * as matomo from '../../runtime/tracking/matomoHit.ts';
import { emitNavigated } from '../../runtime/tracking/navigated.ts';
import { trackedUrl } from '../../runtime/tracking/trackedUrl.ts';
import { trackGoal } from '../../runtime/tracking/trackGoal.ts';
import { ANALYTICS, MARKETING, memoryJar, newStore } from './consentFixtures.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let pageCounter = 0;
/** A navigation to a fresh URL (module state numbers navigations across the whole file). */
function navigate(routeName: string, path: string, search = '', params: Record<string, string> = {}) {
  pageCounter += 1;
  document.title = `${routeName} ${pageCounter}`;
  emitNavigated({
    routeName,
    params,
    pathname: `/de${path}`,
    search: search || `?n=${pageCounter}`,
    title: document.title,
  });
}

describe('which trackers may fire (SPEC 4: consent per tracker)', () => {
  const trackings = [ANALYTICS, MARKETING];
  it.each([
    ['nothing decided', UNSET_CONSENT, []],
    ['only required', decide(ONLY_REQUIRED, 1), []],
    ['analytics only', decide({ functional: false, analytical: true, marketing: false }, 1), ['stats']],
    ['marketing only', decide({ functional: false, analytical: false, marketing: true }, 1), ['ads']],
    ['functional only', decide({ functional: true, analytical: false, marketing: false }, 1), []],
    ['all', decide({ functional: true, analytical: true, marketing: true }, 1), ['stats', 'ads']],
  ] as const)('%s → %j', (_case, state, ids) => {
    expect(allowedTrackers(trackings, state).map((t) => t.id)).toEqual(ids);
  });
});

describe('the URL a tracker is told', () => {
  it.each([
    ['a plain page', '/de/faq', '', {}, 'https://app.example/de/faq'],
    [
      'route parameters become their names',
      '/de/empfehlen/4711',
      '',
      { productId: '4711' },
      'https://app.example/de/empfehlen/:productId',
    ],
    [
      'encoded parameter values too',
      '/de/daten/a%20b',
      '',
      { hash: 'a b' },
      'https://app.example/de/daten/:hash',
    ],
    ['tokens in the query are dropped', '/de/login', '?token=secret&t=1', {}, 'https://app.example/de/login'],
    [
      'campaign and channel parameters stay',
      '/de/',
      '?pk_campaign=spring&mtm_kwd=k&utm_source=n&c=mail&x=1',
      {},
      'https://app.example/de/?pk_campaign=spring&mtm_kwd=k&utm_source=n&c=mail',
    ],
    ['the widget parameter stays', '/de/', '?widget=1', {}, 'https://app.example/de/?widget=1'],
  ])('%s', (_case, pathname, search, params, expected) => {
    expect(trackedUrl('https://app.example', { pathname, search, params })).toBe(expected);
  });
});

describe('Matomo HTTP tracking API requests', () => {
  const context = {
    visitorId: '0123456789abcdef',
    resolution: '1280x720',
    now: new Date(2026, 10, 21, 9, 8, 7),
    random: 'r1',
  };
  const query = (url: string) => new URL(url).searchParams;

  it('a page view goes to {url}/matomo.php with site, URL, title and referrer', () => {
    const url = matomo.matomoHitUrl(
      { url: 'https://analytics.example/matomo/', siteId: 105 },
      {
        kind: 'pageView',
        url: 'https://app.example/de/',
        title: 'Start',
        referrer: 'https://search.example/',
        pageViewId: 'abc123',
      },
      context,
    );
    expect(url.startsWith('https://analytics.example/matomo/matomo.php?')).toBe(true);
    expect(Object.fromEntries(query(url))).toEqual({
      idsite: '105',
      rec: '1',
      apiv: '1',
      url: 'https://app.example/de/',
      _id: '0123456789abcdef',
      rand: 'r1',
      h: '9',
      m: '8',
      s: '7',
      send_image: '0',
      res: '1280x720',
      action_name: 'Start',
      pv_id: 'abc123',
      urlref: 'https://search.example/',
    });
  });

  it('a goal carries idgoal and revenue, and does not count as a page view', () => {
    const url = matomo.matomoHitUrl(
      ANALYTICS,
      { kind: 'goal', url: 'https://app.example/de/danke', goalId: 3, revenue: 25.5 },
      context,
    );
    expect(query(url).get('idgoal')).toBe('3');
    expect(query(url).get('revenue')).toBe('25.5');
    expect(query(url).get('ca')).toBe('1');
    expect(query(url).has('action_name')).toBe(false);
  });

  it('an event carries category, action and name', () => {
    const url = matomo.matomoHitUrl(
      ANALYTICS,
      {
        kind: 'event',
        url: 'https://app.example/',
        category: 'exitIntent',
        action: 'hidden',
        name: 'Homepage',
      },
      context,
    );
    expect([
      query(url).get('e_c'),
      query(url).get('e_a'),
      query(url).get('e_n'),
      query(url).get('ca'),
    ]).toEqual(['exitIntent', 'hidden', 'Homepage', '1']);
  });
});

describe('the tracking runtime: nothing without consent (SPEC 2 navigated event, SPEC 4)', () => {
  let sent: URL[];
  let runtime: TrackingRuntime | null;
  let manager: ReturnType<typeof createConsentManager>;
  const loadMatomo = vi.fn(async () => matomo);

  function start(trackings = [ANALYTICS]) {
    manager = createConsentManager({ store: newStore(), trackings, internal: false, jar: memoryJar() });
    runtime = createTracking({
      trackings,
      consent: manager,
      send: (url) => sent.push(new URL(url)),
      document,
      loadMatomo,
    });
  }

  beforeEach(() => {
    sent = [];
    runtime = null;
    loadMatomo.mockClear();
  });
  afterEach(() => runtime?.stop());

  it('sends nothing and loads no tracker code before consent, however many pages', async () => {
    navigate('Homepage', '/');
    start();
    navigate('Faq', '/faq');
    navigate('TOS', '/agb');
    trackGoal(1);
    await flush();
    expect(sent).toEqual([]);
    expect(loadMatomo).not.toHaveBeenCalled();
  });

  it('accepting sends the page on screen, every navigation sends the new URL', async () => {
    navigate('Homepage', '/');
    start();
    manager.set({ analytical: true });
    await flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.pathname).toBe('/matomo/matomo.php');
    expect(sent[0]?.searchParams.get('url')).toMatch(/^http:\/\/localhost(:\d+)?\/de\/$/);
    expect(sent[0]?.searchParams.get('action_name')).toBe(`Homepage ${pageCounter}`);
    navigate('Faq', '/faq');
    await flush();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.searchParams.get('url')).toMatch(/\/de\/faq$/);
    expect(sent[1]?.searchParams.get('urlref')).toBe(sent[0]?.searchParams.get('url'));
  });

  it('declining after accepting stops further hits', async () => {
    navigate('Homepage', '/');
    start();
    manager.set({ analytical: true });
    await flush();
    manager.set({ analytical: false });
    navigate('Faq', '/faq');
    trackGoal(2);
    await flush();
    expect(sent).toHaveLength(1);
  });

  it('a withdrawal while the tracker code loads still stops the hit', async () => {
    navigate('Homepage', '/');
    start();
    manager.set({ analytical: true });
    manager.set({ analytical: false });
    await flush();
    expect(sent).toEqual([]);
  });

  it('accepting again on the same page sends its view only once', async () => {
    navigate('Homepage', '/');
    start();
    manager.set({ analytical: true });
    manager.set({ analytical: false });
    manager.set({ analytical: true });
    await flush();
    expect(sent.filter((url) => url.searchParams.has('action_name'))).toHaveLength(1);
  });

  it('only trackers of consented categories receive hits', async () => {
    navigate('Homepage', '/');
    start([ANALYTICS, MARKETING]);
    manager.set({ marketing: true });
    await flush();
    expect(sent.map((url) => url.host)).toEqual(['ads.example']);
  });

  it('goals reached before the runtime started are sent once it has consent', async () => {
    navigate('Homepage', '/');
    trackGoal(7, 25);
    manager = createConsentManager({
      store: newStore(),
      trackings: [ANALYTICS],
      internal: false,
      jar: memoryJar(),
    });
    manager.set({ analytical: true });
    runtime = createTracking({
      trackings: [ANALYTICS],
      consent: manager,
      send: (url) => sent.push(new URL(url)),
      document,
      loadMatomo,
    });
    await flush();
    const goal = sent.find((url) => url.searchParams.has('idgoal'));
    expect(goal?.searchParams.get('idgoal')).toBe('7');
    expect(goal?.searchParams.get('revenue')).toBe('25');
  });

  it('rejects goal ids that are no positive integers', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    trackGoal(0);
    trackGoal(1.5);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
