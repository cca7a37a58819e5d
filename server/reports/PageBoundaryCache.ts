/** Where a page ends in the report's order: the last row's sort key and id, as text (no precision lost). */
export interface PageBoundary {
  key: string;
  id: string;
}

export interface PageBoundaryCacheOptions {
  /** Queries (report, mandant, scope, order, filter, page size) kept; the least recently used goes first. */
  maxQueries?: number;
  /** Page ends kept per query. */
  maxPages?: number;
  /** How old a query's boundaries may get; they are dropped at once when the row count changes. */
  ttlMs?: number;
  now?: () => number;
}

interface Entry {
  totalCount: number;
  expiresAt: number;
  pages: Map<number, PageBoundary>;
}

/**
 * The ends of pages served recently, so that page N+1 starts right after page N's last row (a keyset seek)
 * instead of skipping N pages of rows again (server/reports/README.md, "Pagenumber and keyset").
 *
 * A hint, never the truth: each process keeps its own, and a miss costs only the skip. An entry is
 * dropped when the query's row count differs from the count it was made with (rows came or went) and
 * after `ttlMs` at the latest (a row whose sort key changed moves without changing the count).
 */
export class PageBoundaryCache {
  readonly #entries = new Map<string, Entry>();
  readonly #maxQueries: number;
  readonly #maxPages: number;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(options: PageBoundaryCacheOptions = {}) {
    this.#maxQueries = options.maxQueries ?? 500;
    this.#maxPages = options.maxPages ?? 200;
    this.#ttlMs = options.ttlMs ?? 60_000;
    this.#now = options.now ?? Date.now;
  }

  /** The known end of the latest page up to `page` (1-based), or undefined. */
  nearest(
    query: string,
    totalCount: number,
    page: number,
  ): { page: number; boundary: PageBoundary } | undefined {
    const entry = this.#live(query, totalCount);
    if (!entry) return undefined;
    let best: { page: number; boundary: PageBoundary } | undefined;
    for (const [known, boundary] of entry.pages) {
      if (known <= page && (!best || known > best.page)) best = { page: known, boundary };
    }
    return best;
  }

  /** Remembers where `page` ended for a query that matched `totalCount` rows. */
  remember(query: string, totalCount: number, page: number, boundary: PageBoundary): void {
    let entry = this.#live(query, totalCount);
    if (!entry) {
      entry = { totalCount, expiresAt: this.#now() + this.#ttlMs, pages: new Map() };
      this.#entries.set(query, entry);
      if (this.#entries.size > this.#maxQueries) {
        const oldest = this.#entries.keys().next().value;
        if (oldest !== undefined) this.#entries.delete(oldest);
      }
    }
    entry.pages.delete(page);
    entry.pages.set(page, boundary);
    if (entry.pages.size > this.#maxPages) {
      const oldest = entry.pages.keys().next().value;
      if (oldest !== undefined) entry.pages.delete(oldest);
    }
  }

  /**
   * The row count a query had when page 1 was last served (issue 17), unless that is older than `ttlMs`:
   * later pages answer with it instead of counting again. Undefined when unknown or expired.
   */
  knownCount(query: string): number | undefined {
    const entry = this.#entries.get(query);
    if (!entry || entry.expiresAt <= this.#now()) return undefined;
    return entry.totalCount;
  }

  /** A fresh count of a query (page 1): a different count drops the query's page ends, as `remember` does. */
  rememberCount(query: string, totalCount: number): void {
    const entry = this.#live(query, totalCount);
    if (entry) return;
    this.#entries.set(query, { totalCount, expiresAt: this.#now() + this.#ttlMs, pages: new Map() });
    if (this.#entries.size > this.#maxQueries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The query's entry if it is still good, moved to the most recently used end. */
  #live(query: string, totalCount: number): Entry | undefined {
    const entry = this.#entries.get(query);
    if (!entry) return undefined;
    this.#entries.delete(query);
    if (entry.totalCount !== totalCount || entry.expiresAt <= this.#now()) return undefined;
    this.#entries.set(query, entry);
    return entry;
  }
}
