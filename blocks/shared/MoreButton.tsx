import { failureMessage, useT } from '../../runtime/index.ts';
import panel from './Panel.module.css';
import styles from './PersonalArea.module.css';
import type { PagedList } from './usePagedList.ts';

/** The i18n keys of one list's "more" control. */
export interface MoreTexts {
  /** The button. */
  more: string;
  /** The button while the next page loads. */
  loading: string;
  /** Announced after a page arrived (`{{count}}`, with a `_one` form). */
  loaded: string;
}

/**
 * "Load more" under a keyset-paged list (issue 17): a real button while the server says more follow. It
 * stays focusable while loading (aria-disabled, not disabled, so the keyboard focus is not dropped), says
 * what it is doing, announces how many entries came through a polite status, and a failure as an alert
 * with the list kept. The list itself moves focus to the first new entry.
 */
export function MoreButton<T>({
  list,
  more,
  texts,
}: {
  list: Extract<PagedList<T>, { state: 'done' }>;
  more: () => void;
  texts: MoreTexts;
}) {
  const t = useT();
  return (
    <div className={styles.actions}>
      <p role="status" className="visually-hidden">
        {list.added > 0 ? t(texts.loaded, { count: list.added }) : ''}
      </p>
      {list.moreError !== null && (
        <p className={panel.alert} role="alert">
          {failureMessage(t, list.moreError)}
        </p>
      )}
      {list.hasMore && (
        <button
          type="button"
          className="button"
          aria-disabled={list.loadingMore || undefined}
          onClick={() => {
            if (!list.loadingMore) more();
          }}
        >
          {t(list.loadingMore ? texts.loading : texts.more)}
        </button>
      )}
    </div>
  );
}
