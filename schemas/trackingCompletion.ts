/**
 * The tracking completion of SPEC section 3 (POST tracking/abschliessen/?channel=co&einsprungsquelle=…):
 * the recipient's data for the order. Field names as on the wire.
 */
export interface TrackingCompletionRequest {
  empfehlungsnummer: string;
  empfaengernummer: string;
  empfaengerdaten: {
    anrede?: string;
    vorname: string;
    name: string;
    /** SPEC section 5: day.month.year, e.g. 24.12.1990 (also 1.2.1990). */
    geburtsdatum?: string;
    email?: string;
    telefon?: string;
    /** Advertising consent; true, 'yes' or a positive number count as given (like the terms). */
    werbeeinwilligung?: boolean | string | number;
    adresse?: {
      ort?: string;
      plz?: string;
      strasse?: string;
      hausnummer?: string;
    };
  };
}

export interface TrackingCompletionResponse {
  Empfehlungsnummer: string;
  Empfaengernummer: string;
  /** Wire date-time of the completion (YYYY-MM-DDThh:mm:ss, Berlin). */
  AbgeschlossenAm: string;
}

/**
 * SPEC section 5: a date of birth is parsed as day.month.year. Answers the ISO date (YYYY-MM-DD), or null
 * for anything that is not a real calendar day (31.02.1990, 1990-02-01, 1.1.90) or lies in the future
 * relative to `today` (YYYY-MM-DD).
 */
export function parseGermanDate(input: string, today?: string): string | null {
  const match = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/.exec(input);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is the last day of this month (UTC, so no zone shifts the day).
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (today !== undefined && iso > today) return null;
  return iso;
}
