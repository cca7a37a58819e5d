import type { Tracking } from '../../schemas/api.ts';
import type { ConsentState } from '../consent/consentState.ts';
import { allowedTrackers } from './allowedTrackers.ts';
import { type ExitIntentEvent, onExitIntent, watchExitIntent } from './exitIntent.ts';
import type { HitContext, MatomoHit } from './matomoHit.ts';
import { currentNavigation, type NavigatedEvent, onNavigated } from './navigatedEvents.ts';
import { trackedUrl } from './trackedUrl.ts';
import { connectGoals } from './trackGoal.ts';

type MatomoModule = typeof import('./matomoHit.ts');

/** What the tracking runtime needs of consent: the state now and its changes. */
export interface ConsentSource {
  get(): ConsentState;
  onChange(listener: (state: ConsentState) => void): () => void;
}

export interface TrackingOptions {
  trackings: readonly Tracking[];
  consent: ConsentSource;
  /** Sends one hit URL (sendHit in the browser, a recorder in tests). */
  send: (url: string) => void;
  document: Document;
  /** The Matomo client; loaded on first use, i.e. only once a tracker has consent. */
  loadMatomo?: () => Promise<MatomoModule>;
  random?: () => string;
  now?: () => Date;
  exitIntentDelayMs?: number;
}

export interface TrackingRuntime {
  stop(): void;
}

function randomHex(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(Math.ceil(length / 2)));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, length);
}

/**
 * Calls the consented trackers: a page view after every navigation (SPEC section 2), goals, exit intent.
 * Consent is checked for every hit at the moment it is sent, so nothing reaches a tracker without consent
 * and a withdrawal stops the very next hit. A tracker that gets consent on a page that is already shown
 * receives that page's view then, once.
 */
export function createTracking(options: TrackingOptions): TrackingRuntime {
  const { trackings, consent, send, document } = options;
  const loadMatomo = options.loadMatomo ?? (() => import('./matomoHit.ts'));
  const random = options.random ?? (() => randomHex(8));
  const now = options.now ?? (() => new Date());
  const origin = document.location?.origin ?? '';
  const visitorId = randomHex(16);
  const screen = document.defaultView?.screen;
  const resolution = screen?.width ? `${screen.width}x${screen.height}` : '';
  /** Per tracker: the navigation whose page view it has received. */
  const viewed = new Map<string, number>();
  const pages = new Map<number, { url: string; referrer: string; pageViewId: string }>();
  let matomo: Promise<MatomoModule> | null = null;

  const context = (): HitContext => ({ visitorId, resolution, now: now(), random: random() });

  function pageOf(event: NavigatedEvent) {
    let page = pages.get(event.seq);
    if (!page) {
      const previous = pages.get(event.seq - 1);
      const referrer = previous?.url ?? (event.seq === 1 ? document.referrer : '');
      page = { url: trackedUrl(origin, event), referrer, pageViewId: randomHex(6) };
      pages.set(event.seq, page);
    }
    return page;
  }

  /**
   * Sends a hit to every tracker that has consent when it leaves (after the tracker code has loaded, so a
   * withdrawal in between still counts). The factory may return null to skip a tracker.
   */
  function dispatch(hit: (tracking: Tracking) => MatomoHit | null): void {
    if (allowedTrackers(trackings, consent.get()).length === 0) return;
    matomo ??= loadMatomo();
    matomo.then(
      ({ matomoHitUrl }) => {
        for (const tracking of allowedTrackers(trackings, consent.get())) {
          const next = hit(tracking);
          if (next) send(matomoHitUrl(tracking, next, context()));
        }
      },
      (error: unknown) => console.error('The tracker could not be loaded', error),
    );
  }

  function pageView(event: NavigatedEvent): void {
    const page = pageOf(event);
    dispatch((tracking) => {
      if (viewed.get(tracking.id) === event.seq) return null;
      viewed.set(tracking.id, event.seq);
      return { kind: 'pageView', title: event.title, ...page };
    });
  }

  const exitIntent = watchExitIntent(
    document,
    options.exitIntentDelayMs === undefined ? {} : { delayMs: options.exitIntentDelayMs },
  );

  function navigated(event: NavigatedEvent): void {
    exitIntent.pageShown(event.seq, event.routeName);
    pageView(event);
  }

  function exit(event: ExitIntentEvent): void {
    const current = currentNavigation();
    if (!current || current.seq !== event.seq) return;
    const page = pageOf(current);
    dispatch(() => ({
      kind: 'event',
      url: page.url,
      category: 'exitIntent',
      action: event.signal,
      name: event.routeName,
      pageViewId: page.pageViewId,
    }));
  }

  function goal(goalId: number, revenue?: number): void {
    const current = currentNavigation();
    const url = current ? pageOf(current).url : origin;
    dispatch(() => ({ kind: 'goal', url, goalId, ...(revenue === undefined ? {} : { revenue }) }));
  }

  const current = currentNavigation();
  if (current) navigated(current);
  const stops = [
    onNavigated(navigated),
    onExitIntent(exit),
    connectGoals(goal),
    consent.onChange(() => {
      const page = currentNavigation();
      if (page) pageView(page);
    }),
  ];
  return {
    stop() {
      exitIntent.stop();
      for (const stop of stops) stop();
    },
  };
}
