/**
 * A small in-process LRU cache whose entries also expire after `ttlMs`. It only saves database round
 * trips on the click redirect: every instance keeps its own, and a stale entry lives at most `ttlMs`.
 * A Map keeps insertion order, so re-inserting on a hit makes the first key the least recently used.
 */
export class TtlCache<Value> {
  readonly #entries = new Map<string, { value: Value; expiresAt: number }>();

  constructor(
    readonly maxEntries: number,
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached value, or undefined when it is missing or expired. */
  get(key: string): Value | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: Value): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
