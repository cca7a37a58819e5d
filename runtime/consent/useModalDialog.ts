import { type RefObject, useLayoutEffect } from 'react';
import { focusableIn, restoreFocus } from './dialogFocus.ts';

/**
 * Opens the dialog as a real modal while mounted (showModal: top layer, the page behind inert) and moves
 * focus into it; on unmount focus returns to the element that opened it. Where showModal() is missing
 * (older browsers, jsdom) it falls back to `open` plus the dialog's own focus trap.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>): void {
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = dialog.ownerDocument.activeElement;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    focusableIn(dialog)[0]?.focus();
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      // After the commit: when the opener was part of what closing removed (the banner), it is gone by then.
      // A dialog that is open again by then was only remounted (StrictMode) and keeps the focus.
      queueMicrotask(() => {
        if (!dialog.isConnected || !dialog.open) restoreFocus(opener, dialog.ownerDocument);
      });
    };
  }, [ref]);
}
