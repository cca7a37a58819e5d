import { type Atom, atom, useAtomValue } from 'jotai';
import { useCallback, useState, useTransition } from 'react';

/** A finished call: its data, or the error it failed with (never a rejection, so a block shows it itself). */
export type QueryResult<T> = { ok: true; data: T } | { ok: false; error: unknown };

const queries = new Map<string, Atom<Promise<QueryResult<unknown>>>>();

/**
 * One atom per call and attempt, so every block asking the same question shares one request and its
 * answer for the life of the store (product data changes only with a deployment).
 */
function queryAtom<T>(key: string, load: () => Promise<T>): Atom<Promise<QueryResult<T>>> {
  let query = queries.get(key);
  if (!query) {
    query = atom(() =>
      load().then(
        (data): QueryResult<unknown> => ({ ok: true, data }),
        (error: unknown): QueryResult<unknown> => ({ ok: false, error }),
      ),
    );
    queries.set(key, query);
  }
  return query as Atom<Promise<QueryResult<T>>>;
}

export interface ProductQuery<T> {
  result: QueryResult<T>;
  /** Asks again (a new attempt) inside a transition: the old answer stays on screen until the new one. */
  retry: () => void;
  retrying: boolean;
}

/**
 * Reads a product call, suspending until its first answer (the page counts as ready only once the
 * products are there). A failed call stays failed until `retry`.
 */
export function useProductQuery<T>(key: string, load: () => Promise<T>): ProductQuery<T> {
  const [attempt, setAttempt] = useState(0);
  const [retrying, startTransition] = useTransition();
  const result = useAtomValue(queryAtom(`${key}#${attempt}`, load));
  const retry = useCallback(() => startTransition(() => setAttempt((previous) => previous + 1)), []);
  return { result, retry, retrying };
}
