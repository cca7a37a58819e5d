/** A recurring piece of housekeeping. `run` must be safe when several instances run it at once. */
export interface Job {
  name: string;
  intervalMs: number;
  /** Answers what it did (e.g. how many rows), for the log and for tests. */
  run: () => Promise<number>;
}

export interface JobLog {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/**
 * Runs each job once at start and then every `intervalMs`, never twice at the same time in one process.
 * Timers do not keep the process alive; `stop()` waits for running jobs, so the database outlives them.
 */
export class JobScheduler {
  readonly #jobs = new Map<
    string,
    { job: Job; timer?: ReturnType<typeof setInterval>; running?: Promise<number> }
  >();
  #started = false;

  constructor(private readonly log: JobLog) {}

  register(job: Job): void {
    if (this.#jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    this.#jobs.set(job.name, { job });
    if (this.#started) this.#schedule(job.name);
  }

  start(): void {
    this.#started = true;
    for (const name of this.#jobs.keys()) this.#schedule(name);
  }

  /** Runs a job now (or joins the run in progress) and answers its result. */
  run(name: string): Promise<number> {
    const entry = this.#jobs.get(name);
    if (!entry) return Promise.reject(new Error(`no job ${name}`));
    entry.running ??= entry.job.run().finally(() => {
      entry.running = undefined;
    });
    return entry.running;
  }

  /**
   * Runs a job soon, without waiting (after a request that made work for it, e.g. a voucher chosen). Only
   * when the scheduler runs: a test app that never became ready stays quiet. Failures are logged.
   */
  kick(name: string): void {
    if (!this.#started || !this.#jobs.has(name)) return;
    this.run(name).catch((error: unknown) =>
      this.log.error({ job: name, err: error instanceof Error ? error.name : 'unknown' }, 'job failed'),
    );
  }

  async stop(): Promise<void> {
    this.#started = false;
    for (const entry of this.#jobs.values()) {
      clearInterval(entry.timer);
      entry.timer = undefined;
    }
    await Promise.allSettled([...this.#jobs.values()].map((entry) => entry.running));
  }

  #schedule(name: string): void {
    const entry = this.#jobs.get(name);
    if (!entry || entry.timer) return;
    const tick = () => {
      this.run(name).then(
        (count) => this.log.info({ job: name, count }, 'job done'),
        (error: unknown) =>
          this.log.error({ job: name, err: error instanceof Error ? error.name : 'unknown' }, 'job failed'),
      );
    };
    entry.timer = setInterval(tick, entry.job.intervalMs);
    entry.timer.unref?.();
    tick();
  }
}
