/** How long after the page reports ready the consent runtime starts loading. */
export const SETTLE_DELAY_MS = 1000;

/**
 * Resolves a second after the page renderer has reported the page ready (`<body data-page-ready="true">`).
 * Banner and trackers are not needed for first paint, so their code must not compete with it (DESIGN
 * "Front-end budget"); the second keeps their chunk clearly outside the window the bundle budget measures
 * (until page ready), where a race would make the figure flaky. Polls: less entry code than an observer.
 */
export function pageSettled(): Promise<void> {
  return new Promise((resolve) => {
    const check = () =>
      document.body.dataset.pageReady === 'true'
        ? setTimeout(resolve, SETTLE_DELAY_MS)
        : setTimeout(check, 100);
    check();
  });
}
