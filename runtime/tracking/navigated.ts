/** A page on screen after a navigation (SPEC section 2: after each navigation a navigated event fires). */
export interface NavigatedPage {
  readonly routeName: string;
  readonly params: Readonly<Record<string, string>>;
  readonly pathname: string;
  readonly search: string;
  /** `document.title` once the page has rendered. */
  readonly title: string;
}

// The entry chunk keeps only the latest page and one listener slot; numbering, de-duplication and the
// fan-out to trackers, channel cookie and banner live in the consent runtime (navigatedEvents.ts), which
// loads after first paint.
let last: NavigatedPage | null = null;
let listener: ((page: NavigatedPage) => void) | null = null;

export function emitNavigated(page: NavigatedPage): void {
  last = page;
  listener?.(page);
}

/** The page on screen, for whoever starts listening after it was shown. */
export function lastNavigated(): NavigatedPage | null {
  return last;
}

/** Replaces the one listener; everything else subscribes through onNavigated() of navigatedEvents.ts. */
export function setNavigatedListener(next: ((page: NavigatedPage) => void) | null): void {
  listener = next;
}
