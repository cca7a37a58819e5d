/** A worker that runs one delivery pass every interval and on request (mail, webhooks). */
export interface PollingWorker {
  /** Starts polling (and runs a pass at once); a second start does nothing. */
  start(): void;
  /** Stops polling and waits for a running pass, so the database outlives it. */
  stop(): Promise<void>;
  /** A pass soon (after a transaction with work committed); nothing while stopped. */
  kick(): void;
}

/**
 * One pass at a time per process (the outboxes' lease and SKIP LOCKED keep processes apart). The timer
 * never keeps the process alive, and a kick that arrives after `stop()` does not start a pass on a closing
 * database. A failed pass is reported and the next one tries again.
 */
export function pollingWorker(options: {
  intervalMs: number;
  pass: () => Promise<unknown>;
  onError: (error: unknown) => void;
}): PollingWorker {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    if (busy || !timer) return;
    busy = true;
    running = options
      .pass()
      .catch(options.onError)
      .finally(() => {
        busy = false;
      });
  };
  return {
    start() {
      if (timer) return;
      timer = setInterval(tick, options.intervalMs);
      timer.unref?.();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
    kick() {
      if (timer) setImmediate(tick);
    },
  };
}
