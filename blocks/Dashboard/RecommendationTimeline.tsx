import { formatDate, useT } from '../../runtime/index.ts';
import type { EmpfehlungEintrag } from '../../schemas/personalArea.ts';
import styles from './Dashboard.module.css';
import { timelineEvents } from './timeline.ts';
import { reasonText } from './timelineWording.ts';

/**
 * What happened to one recommendation and when, oldest first, behind a native disclosure: it works
 * without script, and keyboards and screen readers know it. Nothing shows without a timeline.
 */
export function RecommendationTimeline({ entry }: { entry: EmpfehlungEintrag }) {
  const t = useT();
  const events = timelineEvents(entry.Verlauf);
  if (events.length === 0) return null;
  return (
    <details className={styles.timeline}>
      <summary>
        {t('timeline.summary')}
        {/* Every card has this disclosure: its name says which recommendation it belongs to. */}
        <span className="visually-hidden"> {t('timeline.summaryFor', { nr: entry.Empfehlungsnummer })}</span>
      </summary>
      <ol className={styles.events}>
        {events.map((event) => (
          <li key={`${event.Zeit}-${event.Art}-${event.Grund}`} className={styles.event}>
            <time dateTime={event.Zeit} className={styles.when}>
              {formatDate(event.Zeit)}
            </time>{' '}
            <span>{reasonText(t, event)}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
