/** One click as it goes into the `click` table. */
export interface ClickRow {
  mandant_id: string;
  recommendation_id: string;
  channel: string | null;
  empfaengernummer: string | null;
  clicked_at: Date;
}

export interface ClickBufferOptions {
  /** Writes one batch with one multi-row insert; rejects when nothing was written. */
  write: (rows: readonly ClickRow[]) => Promise<void>;
  /** A click waits at most this long before its batch is written (DESIGN: at least every 200 ms). */
  flushIntervalMs: number;
  /** Rows per insert; a fuller buffer is written at once instead of waiting for the timer. */
  maxBatch: number;
  /** After a failed write the rows wait this long before the next try. */
  retryDelayMs: number;
  onError: (error: unknown, pending: number) => void;
}

/**
 * Collects clicks in memory and writes them in batches, so the click redirect never waits for an insert
 * (DESIGN "Scale": never a synchronous insert per click). A timer is armed by the first click into an
 * empty buffer, so an idle server does not wake up. Writes run one at a time; a failed batch goes back to
 * the front of the buffer and is retried — no click is lost while the process lives. `close()` writes
 * what is left (the app's onClose, before the database closes).
 */
export class ClickBuffer {
  readonly #options: ClickBufferOptions;
  #pending: ClickRow[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #writing: Promise<void> = Promise.resolve();
  #closed = false;
  #inFlight = 0;

  constructor(options: ClickBufferOptions) {
    this.#options = options;
  }

  /** Clicks not yet written (in the buffer or in the batch being written). */
  get pending(): number {
    return this.#pending.length + this.#inFlight;
  }

  record(row: ClickRow): void {
    this.#pending.push(row);
    if (this.#pending.length >= this.#options.maxBatch) void this.flush();
    else this.#arm(this.#options.flushIntervalMs);
  }

  /** Writes everything recorded so far; resolves when done (or when the attempt failed and was logged). */
  flush(): Promise<void> {
    this.#disarm();
    this.#writing = this.#writing.then(() => this.#writeAll());
    return this.#writing;
  }

  /** Stops the timer and writes what is left; clicks recorded after this are written by the next flush. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.flush();
  }

  async #writeAll(): Promise<void> {
    while (this.#pending.length > 0) {
      const batch = this.#pending.splice(0, this.#options.maxBatch);
      this.#inFlight = batch.length;
      try {
        await this.#options.write(batch);
      } catch (error) {
        this.#pending.unshift(...batch);
        this.#options.onError(error, this.#pending.length);
        if (!this.#closed) this.#arm(this.#options.retryDelayMs);
        return;
      } finally {
        this.#inFlight = 0;
      }
    }
  }

  #arm(delayMs: number): void {
    if (this.#timer !== undefined || this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.flush();
    }, delayMs);
    // The buffer never keeps a process alive; close() writes the rest on shutdown.
    this.#timer.unref?.();
  }

  #disarm(): void {
    if (this.#timer === undefined) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
