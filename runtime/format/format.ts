import { SHORT_TEXT_KEEP, SHORT_TEXT_MAX } from '../../schemas/constants.ts';

/**
 * The one formatter of money, dates and short texts (SPEC section 9). Money and dates use the German
 * format in every language, as SPEC prescribes; times are shown in Europe/Berlin (DESIGN, data).
 */
const TIME_ZONE = 'Europe/Berlin';
// Built on first use: formatters constructed at import time would stay in every chunk that imports this.
let dateParts: Intl.DateTimeFormat | undefined;
// Wire format YYYY-MM-DDThh:mm:ss without a zone: already Berlin wall-clock time, so it is not shifted.
const WIRE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;

/** The one money formatter lives in schemas/ so the server's mails use it too. */
export { formatMoney } from '../../schemas/money.ts';

interface DateParts {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
}

function partsOf(value: Date | string): DateParts | null {
  if (typeof value === 'string') {
    const wire = WIRE.exec(value.trim());
    if (wire) {
      const [, year = '', month = '', day = '', hour = '00', minute = '00'] = wire;
      return { year, month, day, hour, minute };
    }
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return null;
  dateParts ??= new Intl.DateTimeFormat('de-DE', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(dateParts.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    day: parts.day ?? '',
    month: parts.month ?? '',
    year: parts.year ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
  };
}

/** `DD.MM.YYYY`; an unparsable value gives an empty string. */
export function formatDate(value: Date | string): string {
  const parts = partsOf(value);
  return parts ? `${parts.day}.${parts.month}.${parts.year}` : '';
}

/** `DD.MM.YYYY HH:MM`. */
export function formatDateTime(value: Date | string): string {
  const parts = partsOf(value);
  return parts ? `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}` : '';
}

/** Texts longer than 40 characters are cut to their first 19 plus dots. */
export function shortText(text: string): string {
  return text.length > SHORT_TEXT_MAX ? `${text.slice(0, SHORT_TEXT_KEEP)}...` : text;
}
