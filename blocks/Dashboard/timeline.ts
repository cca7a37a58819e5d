import type { EmpfehlungEintrag, VerlaufEintrag } from '../../schemas/personalArea.ts';

/**
 * What the recommender reads on the timeline, oldest first. Some happenings are stored twice, once for the
 * recommendation and once for its reward (order.released, order.cancelled, fraud.confirmed): the same
 * reason right after it on the other record is the same happening and is shown once. Servers older than
 * the timeline send no `Verlauf`: that is an empty timeline, not an error.
 */
export function timelineEvents(verlauf: readonly VerlaufEintrag[] | undefined): VerlaufEintrag[] {
  const events: VerlaufEintrag[] = [];
  for (const event of verlauf ?? []) {
    const previous = events.at(-1);
    if (previous && previous.Grund === event.Grund && previous.Art !== event.Art) continue;
    events.push(event);
  }
  return events;
}

const ENDED: readonly string[] = ['Storniert', 'Abgelaufen'];

/**
 * Why a recommendation ended (Storniert, Abgelaufen): the event that moved it there, the last one of the
 * recommendation with that status. Null while it runs, or when the server sent no timeline.
 */
export function endingEvent(
  entry: Pick<EmpfehlungEintrag, 'Status'> & { Verlauf?: readonly VerlaufEintrag[] },
): VerlaufEintrag | null {
  if (!ENDED.includes(entry.Status)) return null;
  const own = (entry.Verlauf ?? []).filter(
    (event) => event.Art === 'Empfehlung' && event.Status === entry.Status,
  );
  return own.at(-1) ?? null;
}
