import type { ErrorCode } from '../../schemas/errors.ts';
import { ApiRequestError } from '../api/ApiRequestError.ts';
import { apiGeneration } from '../api/api.ts';

/** Content as a block receives it: the data, or the catalogue code of why there is none. */
export type ContentResult<T> = { ok: true; data: T } | { ok: false; code: ErrorCode };

interface Entry {
  promise: Promise<ContentResult<unknown>>;
  /** When the answer was a failure (ms); such entries are asked for again after FAILURE_TTL_MS. */
  failedAt?: number;
}

/** A failed load is remembered this long, so a re-render does not refetch in a loop; then retried. */
const FAILURE_TTL_MS = 30_000;

/**
 * One cache per API configuration: when the API is configured anew (another mandant, a story's fake
 * server) the cache starts empty. Content does not change while a page is open; the server caches
 * the CMS, so a fresh load per visit is cheap.
 */
const caches = new WeakMap<object, Map<string, Entry>>();

/**
 * The promise of some content, the same promise for the same key until it failed long enough ago — which
 * is what React's `use()` needs to suspend once and then render. Never rejects.
 */
export function contentResource<T>(key: string, load: () => Promise<T>): Promise<ContentResult<T>> {
  const generation = apiGeneration();
  let cache = caches.get(generation);
  if (!cache) {
    cache = new Map();
    caches.set(generation, cache);
  }
  const cached = cache.get(key);
  if (cached && (cached.failedAt === undefined || Date.now() - cached.failedAt < FAILURE_TTL_MS)) {
    return cached.promise as Promise<ContentResult<T>>;
  }
  const entry: Entry = {
    promise: load().then(
      (data): ContentResult<T> => ({ ok: true, data }),
      (error: unknown): ContentResult<T> => {
        entry.failedAt = Date.now();
        return { ok: false, code: codeOf(error) };
      },
    ),
  };
  cache.set(key, entry);
  return entry.promise as Promise<ContentResult<T>>;
}

/**
 * The API client rejects with ApiRequestError only; anything else (the content code's chunk did not
 * load) is the network error. No catalogue lookup here: the catalogue stays out of the pages' first load.
 */
function codeOf(error: unknown): ErrorCode {
  return error instanceof ApiRequestError ? error.code : 'PSOF0002';
}
