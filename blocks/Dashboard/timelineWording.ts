import type { TFunction } from 'i18next';
import { formatDate } from '../../runtime/index.ts';
import type { NaechsterSchritt, VerlaufEintrag } from '../../schemas/personalArea.ts';

/**
 * A timeline event in words (`timeline.reason.CODE`). A reason this build does not know yet (a newer
 * server) still shows as the status it led to, never as a raw code.
 */
export function reasonText(t: TFunction, event: VerlaufEintrag): string {
  return t(`timeline.reason.${event.Grund}`, {
    defaultValue: t('timeline.reason.unknown', { status: event.Status }),
  });
}

/**
 * The next step in words (`timeline.next.CODE` with its date, `….undated` without one). Empty for a step
 * this build does not know: saying nothing beats guessing what comes next.
 */
export function nextStepText(t: TFunction, next: NaechsterSchritt): string {
  const date = next.Datum ? formatDate(next.Datum) : '';
  return date
    ? t(`timeline.next.${next.Schritt}`, { date, defaultValue: '' })
    : t(`timeline.next.${next.Schritt}.undated`, { defaultValue: '' });
}
