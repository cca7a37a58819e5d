/** Elements a keyboard user can reach inside the dialog, in DOM order. */
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[hidden], [inert]'),
  );
}

/**
 * Keeps Tab and Shift+Tab inside `root`: from the last element to the first and back. A native modal
 * dialog already makes the page behind it inert, but Tab would still leave for the browser's own UI; and
 * the dialog must behave the same where showModal() is missing.
 */
export function trapTab(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>,
  root: HTMLElement,
) {
  if (event.key !== 'Tab') return;
  const focusable = focusableIn(root);
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = root.ownerDocument.activeElement;
  const inside = active instanceof HTMLElement && root.contains(active);
  if (event.shiftKey && (active === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}

/** Where focus goes when the dialog closes: back to what opened it, else to the page's main content. */
export function restoreFocus(opener: Element | null, document: Document): void {
  if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
  else document.getElementById('main')?.focus({ preventScroll: true });
}
