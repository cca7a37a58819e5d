import { useCallback, useEffect, useRef, useState } from 'react';

/** A page of a cursor-paged list (runtime/recommender/recommenderApi.ts `ListPage`). */
export interface Page<T> {
  entries: T[];
  next: string | null;
}

export type PagedList<T> =
  | { state: 'loading' }
  | { state: 'failed'; error: unknown }
  | {
      state: 'done';
      entries: T[];
      /** True while another page follows. */
      hasMore: boolean;
      /** Loading the next page. */
      loadingMore: boolean;
      /** The last "more" failed (the list so far stays). */
      moreError: unknown;
      /** How many entries the last "more" added (for the announcement), 0 before any. */
      added: number;
      /** Index of the first entry the last "more" added (focus goes there), -1 before any. */
      firstAdded: number;
    };

/**
 * A list paged by keyset on the server (issue 17): the first page when the block mounts, then the next
 * page appended on `more()`. The cursor is the server's; a server without paging answers everything at
 * once and no cursor, and `hasMore` stays false. A result after the block left is dropped.
 */
export function usePagedList<T>(
  load: (cursor: string | null) => Promise<Page<T>>,
): [PagedList<T>, () => void] {
  const [list, setList] = useState<PagedList<T>>({ state: 'loading' });
  const cursor = useRef<string | null>(null);
  const mounted = useRef(true);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    mounted.current = true;
    loadRef.current(null).then(
      (page) => {
        if (!mounted.current) return;
        cursor.current = page.next;
        setList({
          state: 'done',
          entries: page.entries,
          hasMore: page.next !== null,
          loadingMore: false,
          moreError: null,
          added: 0,
          firstAdded: -1,
        });
      },
      (error: unknown) => mounted.current && setList({ state: 'failed', error }),
    );
    return () => {
      mounted.current = false;
    };
  }, []);

  const more = useCallback(() => {
    const after = cursor.current;
    if (after === null) return;
    setList((current) =>
      current.state === 'done' && !current.loadingMore
        ? { ...current, loadingMore: true, moreError: null }
        : current,
    );
    loadRef.current(after).then(
      (page) => {
        if (!mounted.current || cursor.current !== after) return;
        cursor.current = page.next;
        setList((current) =>
          current.state === 'done'
            ? {
                ...current,
                entries: [...current.entries, ...page.entries],
                hasMore: page.next !== null,
                loadingMore: false,
                added: page.entries.length,
                firstAdded: current.entries.length,
              }
            : current,
        );
      },
      (error: unknown) => {
        if (!mounted.current) return;
        setList((current) =>
          current.state === 'done' ? { ...current, loadingMore: false, moreError: error } : current,
        );
      },
    );
  }, []);

  return [list, more];
}
