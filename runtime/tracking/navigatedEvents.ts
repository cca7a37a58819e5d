import { lastNavigated, type NavigatedPage, setNavigatedListener } from './navigated.ts';

/** The navigated event: a page on screen, numbered. */
export interface NavigatedEvent extends NavigatedPage {
  /** Counts the navigations seen in this page load: a tracker sends at most one page view per number. */
  readonly seq: number;
}

type Listener = (event: NavigatedEvent) => void;
const listeners = new Set<Listener>();
let current: NavigatedEvent | null = null;

/** Numbers a page; the same URL again (StrictMode re-running effects) is no new navigation. */
function toEvent(page: NavigatedPage): NavigatedEvent | null {
  if (current?.pathname === page.pathname && current.search === page.search) return null;
  current = { ...page, seq: (current?.seq ?? 0) + 1 };
  return current;
}

/** The navigation on screen now, or null before the first page. */
export function currentNavigation(): NavigatedEvent | null {
  const page = lastNavigated();
  if (page) toEvent(page);
  return current;
}

/** Every navigation from now on (the one on screen: currentNavigation()). Returns unsubscribe. */
export function onNavigated(next: Listener): () => void {
  if (listeners.size === 0)
    setNavigatedListener((page) => {
      const event = toEvent(page);
      if (event) for (const each of [...listeners]) each(event);
    });
  listeners.add(next);
  return () => {
    listeners.delete(next);
    if (listeners.size === 0) setNavigatedListener(null);
  };
}

/**
 * The query of the URL this page load started with, before any client-side redirect rewrote it: the
 * navigation timing entry keeps the document's URL. Campaign parameters of the landing URL may only be
 * stored once consent arrives, later in the visit (SPEC 2, channel cookie).
 */
export function landingSearch(): string {
  const entry = globalThis.performance?.getEntriesByType?.('navigation')[0];
  try {
    if (entry?.name) return new URL(entry.name).search;
  } catch {
    // Not a URL: fall back to the current location.
  }
  return typeof location === 'undefined' ? '' : location.search;
}
