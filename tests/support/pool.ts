/**
 * Runs `work` over `items`, one loop per worker resource (a browser page, say), and returns the results in
 * order. Browser suites use it to check many pages a few at a time, each loop reusing its own page: most
 * of a page load is waiting, and CI has a time limit.
 */
export async function inPool<T, W, R>(
  items: readonly T[],
  workers: readonly W[],
  work: (item: T, worker: W) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const loop = async (worker: W) => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, worker);
    }
  };
  await Promise.all(workers.slice(0, items.length).map(loop));
  return results;
}
