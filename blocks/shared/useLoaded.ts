import { type DependencyList, useCallback, useEffect, useState } from 'react';

/** Data a block loads once it shows: loading, failed (with the error) or there. */
export type Loaded<T> =
  | { state: 'loading' }
  | { state: 'failed'; error: unknown }
  | { state: 'done'; value: T };

/**
 * Loads data for a block when it mounts and whenever `deps` change; `reload` loads again (after a change).
 * A result that arrives after the block left (or after newer deps) is dropped.
 */
export function useLoaded<T>(load: () => Promise<T>, deps: DependencyList): [Loaded<T>, () => void] {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what `load` depends on
  const run = useCallback(load, deps);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is how reload asks for another load
  useEffect(() => {
    let current = true;
    run().then(
      (value) => current && setLoaded({ state: 'done', value }),
      (error: unknown) => current && setLoaded({ state: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [run, round]);
  const reload = useCallback(() => setRound((count) => count + 1), []);
  return [loaded, reload];
}
