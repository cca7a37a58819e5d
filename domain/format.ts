import { SHORT_TEXT_KEEP, SHORT_TEXT_MAX } from '../schemas/constants.ts';

/**
 * The one formatter of money, dates and short texts (SPEC section 9), for the runtime and the server's mails
 * and answers alike. Money and dates use the German format in every language, as SPEC prescribes; times are
 * Europe/Berlin wall-clock time (DESIGN, data). Formatters are built on first use: one constructed at import
 * time would stay in every chunk that imports this module.
 */
const TIME_ZONE = 'Europe/Berlin';
let displayParts: Intl.DateTimeFormat | undefined;
let wireParts: Intl.DateTimeFormat | undefined;
// Wire format YYYY-MM-DDThh:mm:ss without a zone: already Berlin wall-clock time, so it is not shifted.
const WIRE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;

/** Cents → `12,34 €` (domain/money.ts). */
export { formatMoney } from './money.ts';

/**
 * A moment in SPEC section 9's wire format `YYYY-MM-DDThh:mm:ss`: Berlin wall-clock time without a zone, as
 * the original backend sends it. Two of them compare as strings; the reward dates are in this format.
 */
export function wireDateTime(moment: Date): string {
  wireParts ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const part = Object.fromEntries(wireParts.formatToParts(moment).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}`;
}

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
  displayParts ??= new Intl.DateTimeFormat('de-DE', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(displayParts.formatToParts(date).map((part) => [part.type, part.value]));
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
