/**
 * A moment in SPEC section 9's wire format `YYYY-MM-DDThh:mm:ss`: Berlin wall-clock time without a zone,
 * as the original backend sends it and the runtime's formatter reads it.
 */
const berlin = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export function wireDateTime(moment: Date): string {
  const parts = Object.fromEntries(berlin.formatToParts(moment).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}
