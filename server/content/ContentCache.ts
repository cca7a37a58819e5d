import { ContentUnavailableError } from './ContentErrors.ts';

/** A copy of some content and when it was fetched (ms since the epoch). */
export interface CachedCopy<T> {
  value: T;
  fetchedAt: number;
}

/** Where last good copies outlive the process and are shared by every instance (content_cache table). */
export interface CopyStore {
  read(key: string): Promise<CachedCopy<unknown> | undefined>;
  write(key: string, copy: CachedCopy<unknown>): Promise<void>;
}

export interface ContentCacheOptions {
  /** A copy younger than this is served without asking the provider. */
  ttlMs: number;
  /** How long a request waits for the provider when there is no copy at all. */
  budgetMs: number;
  /** How long one fetch may take before it is given up (SPEC: content timeout 300000 ms). */
  timeoutMs: number;
  /** After a failed fetch, no new attempt for this long (a dead CMS is not asked on every request). */
  retryMs: number;
  /** At most this many keys are remembered; beyond it, keys without a copy go first, then the oldest. */
  maxKeys?: number;
  now?: () => number;
  store?: CopyStore;
  /** A fetch failed. */
  onFailure?: (key: string, error: unknown) => void;
  /** A fetch succeeded after failures. */
  onRecovery?: (key: string) => void;
  /** Writing the copy to the store failed; serving goes on from memory. */
  onStoreError?: (key: string, error: unknown) => void;
}

interface Slot {
  copy?: CachedCopy<unknown>;
  /** The store was asked for a copy already (once per process and key). */
  storeRead: boolean;
  inflight?: Promise<unknown>;
  failedAt?: number;
}

/**
 * Stale-while-revalidate with a last good copy. A fresh copy is served as is; a stale one is served at once
 * while one background fetch renews it; with no copy, the request waits at most `budgetMs` for the
 * provider, then gives up with ContentUnavailableError while the fetch goes on (up to `timeoutMs`) and fills
 * the cache for the next request; a fetch that fails within the budget rejects with its own error. One
 * fetch per key at a time, however many requests arrive.
 */
export class ContentCache {
  readonly #slots = new Map<string, Slot>();
  readonly #now: () => number;

  constructor(private readonly options: ContentCacheOptions) {
    this.#now = options.now ?? Date.now;
  }

  async get<T>(key: string, load: (signal: AbortSignal) => Promise<T>, persist = true): Promise<T> {
    const slot = this.#slot(key);
    if (!slot.copy && !slot.storeRead && persist && this.options.store) {
      slot.storeRead = true;
      const stored = await this.options.store.read(key).catch(() => undefined);
      if (stored && !slot.copy) slot.copy = stored;
    }
    const { copy } = slot;
    if (copy) {
      if (this.#now() - copy.fetchedAt >= this.options.ttlMs && !this.#backingOff(slot)) {
        this.#refresh(key, slot, load, persist).catch(() => undefined);
      }
      return copy.value as T;
    }
    if (this.#backingOff(slot) && !slot.inflight) throw new ContentUnavailableError(key);
    const fetched = this.#refresh(key, slot, load, persist);
    return (await withinBudget(fetched, this.options.budgetMs, key)) as T;
  }

  #slot(key: string): Slot {
    let slot = this.#slots.get(key);
    if (!slot) {
      this.#makeRoom();
      slot = { storeRead: false };
      this.#slots.set(key, slot);
    }
    return slot;
  }

  /** Keys can come from request paths (asset ids), so their number is bounded. */
  #makeRoom(): void {
    const max = this.options.maxKeys ?? 1000;
    if (this.#slots.size < max) return;
    for (const [key, slot] of this.#slots) {
      if (!slot.copy && !slot.inflight) this.#slots.delete(key);
    }
    for (const key of this.#slots.keys()) {
      if (this.#slots.size < max) break;
      this.#slots.delete(key);
    }
  }

  #backingOff(slot: Slot): boolean {
    return slot.failedAt !== undefined && this.#now() - slot.failedAt < this.options.retryMs;
  }

  #refresh<T>(
    key: string,
    slot: Slot,
    load: (signal: AbortSignal) => Promise<T>,
    persist: boolean,
  ): Promise<T> {
    if (slot.inflight) return slot.inflight as Promise<T>;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    timer.unref?.();
    const fetched = load(controller.signal).then(
      (value) => {
        const copy = { value, fetchedAt: this.#now() };
        slot.copy = copy;
        if (slot.failedAt !== undefined) this.options.onRecovery?.(key);
        slot.failedAt = undefined;
        if (persist && this.options.store) {
          this.options.store
            .write(key, copy)
            .catch((error: unknown) => this.options.onStoreError?.(key, error));
        }
        return value;
      },
      (error: unknown) => {
        slot.failedAt = this.#now();
        this.options.onFailure?.(key, error);
        throw error;
      },
    );
    slot.inflight = fetched.finally(() => {
      clearTimeout(timer);
      slot.inflight = undefined;
    });
    // The caller may stop waiting (budget); the rejection is handled here so it is never unhandled.
    slot.inflight.catch(() => undefined);
    return fetched;
  }
}

function withinBudget<T>(promise: Promise<T>, budgetMs: number, key: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ContentUnavailableError(key)), budgetMs);
    timer.unref?.();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
