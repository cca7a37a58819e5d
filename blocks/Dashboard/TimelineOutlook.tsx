import { formatDate, useT } from '../../runtime/index.ts';
import type { EmpfehlungEintrag } from '../../schemas/personalArea.ts';
import styles from './Dashboard.module.css';
import { endingEvent } from './timeline.ts';
import { nextStepText, reasonText } from './timelineWording.ts';

/**
 * The line a recommender looks for first, shown without opening the timeline: why the recommendation
 * ended, or what comes next and by when. Nothing when the server says neither.
 */
export function TimelineOutlook({ entry }: { entry: EmpfehlungEintrag }) {
  const t = useT();
  const ending = endingEvent(entry);
  const text = ending
    ? t('timeline.ended', { reason: reasonText(t, ending), date: formatDate(ending.Zeit) })
    : entry.Naechster
      ? nextStepText(t, entry.Naechster)
      : '';
  return text ? <p className={styles.outlook}>{text}</p> : null;
}
