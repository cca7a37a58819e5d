import { useCallback, useEffect, useState } from 'react';

/**
 * Signals on <body data-page-ready> whether every block of the current page has settled (rendered,
 * failed or unknown). Browser tests and the bundle benchmark wait for `data-page-ready="true"`.
 * `hold` keeps it false regardless. Returns the callback for block number `index`.
 */
export function usePageReady(blockCount: number, hold = false): (index: number) => void {
  const [settled, setSettled] = useState<ReadonlySet<number>>(() => new Set());
  const settle = useCallback((index: number) => {
    setSettled((previous) => (previous.has(index) ? previous : new Set(previous).add(index)));
  }, []);
  const ready = !hold && settled.size >= blockCount;
  useEffect(() => {
    document.body.dataset.pageReady = ready ? 'true' : 'false';
  }, [ready]);
  // Leaving the page (navigation remounts the renderer) makes the next page not ready until it settles.
  useEffect(
    () => () => {
      document.body.dataset.pageReady = 'false';
    },
    [],
  );
  return settle;
}
