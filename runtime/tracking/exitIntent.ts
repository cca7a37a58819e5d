import { EXIT_INTENT_MS } from '../../schemas/constants.ts';

/** How the visitor showed they are about to leave. */
export type ExitSignal = 'mouse-leave-top' | 'hidden';

export interface ExitIntentEvent {
  /** The navigation (NavigatedEvent.seq) the visitor is leaving. */
  readonly seq: number;
  readonly routeName: string;
  readonly signal: ExitSignal;
}

/** The parts of a DOM event the decision needs (mouseout or visibilitychange). */
export interface ExitSignalInput {
  readonly type: string;
  readonly clientY?: number;
  /** For mouseout: where the pointer went; null when it left the document. */
  readonly relatedTarget?: unknown;
  readonly visibilityState?: string;
}

/** The pointer leaving the document across its top edge (towards tabs and address bar), or the tab hidden. */
export function exitSignal(input: ExitSignalInput): ExitSignal | null {
  if (input.type === 'mouseout' && input.relatedTarget == null && (input.clientY ?? 1) <= 0)
    return 'mouse-leave-top';
  if (input.type === 'visibilitychange' && input.visibilityState === 'hidden') return 'hidden';
  return null;
}

/**
 * SPEC section 9: exit intent triggers after 15000 ms. A signal counts once the visitor has been on the
 * page that long; each page (navigation) reports at most one exit intent.
 */
export function isExitIntent(elapsedMs: number, alreadyReported: boolean, delayMs = EXIT_INTENT_MS): boolean {
  return !alreadyReported && elapsedMs >= delayMs;
}

type ExitIntentListener = (event: ExitIntentEvent) => void;
const listeners = new Set<ExitIntentListener>();

/** Exit intent events for blocks (an exit layer) and trackers. Returns unsubscribe. */
export function onExitIntent(listener: ExitIntentListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function emitExitIntent(event: ExitIntentEvent): void {
  for (const listener of [...listeners]) listener(event);
}

export interface ExitIntentWatcher {
  /** A new page is on screen: the clock starts again and it may report once. */
  pageShown(seq: number, routeName: string): void;
  stop(): void;
}

/** Listens on the document for exit signals and reports them through onExitIntent(). */
export function watchExitIntent(
  document: Document,
  options: { delayMs?: number; now?: () => number } = {},
): ExitIntentWatcher {
  const now = options.now ?? Date.now;
  let page: { seq: number; routeName: string; shownAt: number; reported: boolean } | null = null;
  const handle = (event: Event) => {
    const signal = exitSignal({
      type: event.type,
      clientY: (event as MouseEvent).clientY,
      relatedTarget: (event as MouseEvent).relatedTarget,
      visibilityState: document.visibilityState,
    });
    if (!signal || !page || !isExitIntent(now() - page.shownAt, page.reported, options.delayMs)) return;
    page.reported = true;
    emitExitIntent({ seq: page.seq, routeName: page.routeName, signal });
  };
  document.addEventListener('mouseout', handle);
  document.addEventListener('visibilitychange', handle);
  return {
    pageShown(seq, routeName) {
      page = { seq, routeName, shownAt: now(), reported: false };
    },
    stop() {
      document.removeEventListener('mouseout', handle);
      document.removeEventListener('visibilitychange', handle);
    },
  };
}
