import { WIDGET_QUERY_PARAM } from '../router/widget.ts';

/**
 * SPEC 2: the app runs on its own (`top`), as a widget in a frame (`?widget=` present) or embedded in the
 * client's site in a frame without the widget parameter (`embedded`).
 */
export type FrameMode = 'top' | 'widget' | 'embedded';

export function frameMode(inFrame: boolean, search: string): FrameMode {
  if (new URLSearchParams(search).has(WIDGET_QUERY_PARAM)) return 'widget';
  return inFrame ? 'embedded' : 'top';
}

/** Whether this window is inside a frame; a cross-origin parent denies access, which also means framed. */
export function isInFrame(win: Window = window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    return true;
  }
}
