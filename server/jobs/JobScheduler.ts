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
 * Claims a scheduled run of a job for this instance (jobsPlugin: the `job_run` row): true when no instance
 * started the job within the last `minGapMs`. Several instances over one database thus run a job once per
 * period between them. Without one (unit tests) every tick runs.
 */
export type JobClaim = (name: string, minGapMs: number) => Promise<boolean>;

/** A tick claims the job when its last start is at least this share of the interval ago (timer drift). */
export const CLAIM_GAP_SHARE = 0.9;

/**
 * Runs each job at start and then every `intervalMs` — but a tick runs it only when it claims the period
 * (`claim`), so over several instances each job runs once per interval, not once per instance — never
 * twice at the same time in one process. Timers do not keep the process alive; `stop()` waits for running
 * jobs, so the database outlives them. `run(name)` and `kick(name)` run at once, without a claim.
 */
export class JobScheduler {
  readonly #jobs = new Map<
    string,
    { job: Job; timer?: ReturnType<typeof setInterval>; running?: Promise<number> }
  >();
  #started = false;

  constructor(
    private readonly log: JobLog,
    private readonly claim: JobClaim = async () => true,
  ) {}

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
    const failed = (error: unknown) =>
      this.log.error({ job: name, err: error instanceof Error ? error.name : 'unknown' }, 'job failed');
    const tick = () => {
      // Not while this process runs it already: the claim would stamp a start that never happens.
      if (entry.running || !this.#started) return;
      this.claim(name, entry.job.intervalMs * CLAIM_GAP_SHARE).then((claimed) => {
        if (!claimed || !this.#started) return;
        this.run(name).then((count) => this.log.info({ job: name, count }, 'job done'), failed);
      }, failed);
    };
    entry.timer = setInterval(tick, entry.job.intervalMs);
    entry.timer.unref?.();
    tick();
  }
}
