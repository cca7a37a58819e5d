/**
 * Runs `work` at most once per `intervalMs` in this process; calls in between return at once. For
 * housekeeping done on the way of a request (purging expired rows) instead of a timer that would keep
 * the process and the database connection busy.
 */
export function throttled(intervalMs: number, work: () => Promise<unknown>): () => Promise<void> {
  let lastRun = Number.NEGATIVE_INFINITY;
  return async () => {
    const now = Date.now();
    if (now - lastRun < intervalMs) return;
    lastRun = now;
    await work();
  };
}

/** How often each process purges expired revocations, login links and rate-limit windows. */
export const PURGE_INTERVAL_MS = 10 * 60 * 1000;
