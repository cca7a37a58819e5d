/**
 * The one error catalogue (SPEC section 8). Server answers `{ code, message }` with the status below;
 * the runtime shows `de`/`en` for a code. SPEC's German wording is used word for word where SPEC gives it.
 */
export interface ErrorEntry {
  status: number;
  de: string;
  en: string;
}

export const ERRORS = {
  // general
  PSOF0001: {
    status: 500,
    de: 'Es ist ein technischer Fehler aufgetreten. Bitte versuchen Sie es später noch einmal.',
    en: 'A technical error occurred. Please try again later.',
  },
  PSOF0002: {
    status: 503,
    de: 'Netzwerkfehler: Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
    en: 'Network error: please check your internet connection and try again.',
  },
  PSOF0003: {
    status: 503,
    de: 'Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es später noch einmal.',
    en: 'The service is temporarily unavailable. Please try again later.',
  },
  PSOF0010: {
    status: 404,
    de: 'Dieser Mandant ist nicht bekannt.',
    en: 'This client is not known.',
  },
  PSOF0011: {
    status: 404,
    de: 'Diese Adresse gibt es nicht.',
    en: 'This address does not exist.',
  },
  PSOF0012: {
    status: 404,
    de: 'Diese Sprache wird nicht angeboten.',
    en: 'This language is not offered.',
  },
  PSOF0013: {
    status: 400,
    de: 'Die Anfrage ist ungültig.',
    en: 'The request is invalid.',
  },
  PSOF0014: {
    status: 413,
    de: 'Die Anfrage ist zu groß.',
    en: 'The request is too large.',
  },
  PSOF0015: {
    status: 415,
    de: 'Dieses Datenformat wird nicht unterstützt.',
    en: 'This data format is not supported.',
  },
  PSOF0016: {
    status: 429,
    de: 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
    en: 'Too many attempts. Please wait a moment and try again.',
  },
  PSOF0017: {
    status: 405,
    de: 'Diese Aktion ist hier nicht erlaubt.',
    en: 'This action is not allowed here.',
  },
  // configuration and content
  PSOF0100: {
    status: 500,
    de: 'Keine/Unbekannte Produkt-API in Mandantenkonfiguration definiert',
    en: 'No or unknown product API defined in the client configuration',
  },
  PSOF0101: { status: 404, de: '404 - Unknown category', en: '404 - Unknown category' },
  PSOF0102: { status: 502, de: 'Inhalt nicht verfügbar', en: 'Content not available' },
  // account and session
  PSOF0200: {
    status: 401,
    de: 'E-Mail-Adresse oder Passwort ist falsch.',
    en: 'E-mail address or password is wrong.',
  },
  PSOF0201: {
    status: 410,
    de: 'Dieser Link ist abgelaufen. Über „Passwort vergessen“ können Sie einen neuen anfordern.',
    en: 'This link has expired. You can request a new one via “Forgot password”.',
  },
  PSOF0202: {
    status: 403,
    de: 'Sie sind hierzu nicht berechtigt.',
    en: 'You are not authorised to do this.',
  },
  PSOF0203: {
    status: 403,
    de: 'Ihr Konto ist gesperrt. Bitte wenden Sie sich an den Kundenservice.',
    en: 'Your account is blocked. Please contact customer service.',
  },
  /** Forces logout of both user kinds (SPEC sections 4 and 8). */
  PSOF0204: {
    status: 401,
    de: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    en: 'Your session has expired. Please log in again.',
  },
  PSOF0205: {
    status: 403,
    de: 'Ihr Konto ist vorübergehend gesperrt. Bitte versuchen Sie es später noch einmal.',
    en: 'Your account is temporarily blocked. Please try again later.',
  },
  PSOF0206: {
    status: 403,
    de: 'Mitarbeitende und Dienstleister des Unternehmens sind laut Teilnahmebedingungen vom Programm ausgeschlossen.',
    en: 'Employees and service providers of the company are excluded from the programme by its terms.',
  },
  PSOF0207: {
    status: 404,
    de: 'Diese E-Mail-Adresse ist nicht registriert.',
    en: 'This e-mail address is not registered.',
  },
  PSOF0208: {
    status: 409,
    de: 'Diese E-Mail-Adresse ist bereits registriert.',
    en: 'This e-mail address is already registered.',
  },
  PSOF0209: {
    status: 409,
    de: 'Dieser Anmeldelink wurde bereits verwendet.',
    en: 'This login link has already been used.',
  },
  PSOF0210: {
    status: 401,
    de: 'Bitte melden Sie sich zuerst an.',
    en: 'Please log in first.',
  },
  // recommendation and recipient
  PSOF0300: {
    status: 409,
    de: 'Diese Empfehlung existiert bereits.',
    en: 'This recommendation already exists.',
  },
  PSOF0301: {
    status: 422,
    de: 'Diese E-Mail-Adresse ist nicht zugelassen. Bitte wenden Sie sich an den Support.',
    en: 'This e-mail address is not allowed. Please contact support.',
  },
  PSOF0302: {
    status: 422,
    de: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    en: 'Please enter a valid e-mail address.',
  },
  PSOF0303: {
    status: 422,
    de: 'Die E-Mail-Adresse darf nicht dieselbe, wie die der Empfehlung sein.',
    en: 'The e-mail address must not be the same as the one of the recommendation.',
  },
  PSOF0304: {
    status: 422,
    de: 'Bitte akzeptieren Sie die AGB und die Prämienbedingungen.',
    en: 'Please accept the terms and the reward conditions.',
  },
  PSOF0305: {
    status: 409,
    de: 'Die Empfehlung existiert bereits. Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse – wir senden Ihnen die E-Mail gern erneut.',
    en: 'The recommendation already exists. Please confirm your e-mail address first – we can send the e-mail again.',
  },
  PSOF0306: {
    status: 409,
    de: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse, bevor Sie eine Empfehlung versenden.',
    en: 'Please confirm your e-mail address before sending a recommendation.',
  },
  PSOF0307: {
    status: 422,
    de: 'Bitte lösen Sie die Sicherheitsabfrage.',
    en: 'Please solve the security check.',
  },
  PSOF0308: {
    status: 422,
    de: 'Die Sicherheitsabfrage ist falsch oder abgelaufen. Bitte versuchen Sie es erneut.',
    en: 'The security check is wrong or has expired. Please try again.',
  },
  PSOF0309: {
    status: 410,
    de: 'Diese Empfehlung ist leider nicht mehr möglich',
    en: 'Unfortunately this recommendation is no longer possible',
  },
  PSOF0310: {
    status: 401,
    de: 'Bitte verwenden Sie den Link aus Ihrer E-Mail.',
    en: 'Please use the link from your e-mail.',
  },
  // rewards
  PSOF0400: {
    status: 409,
    de: 'Diese Prämie wurde bereits abgeholt.',
    en: 'This reward has already been collected.',
  },
  PSOF0401: {
    status: 401,
    de: 'Der Prämien-Link ist ungültig.',
    en: 'The reward link is invalid.',
  },
  PSOF0402: {
    status: 410,
    de: 'Der Prämien-Link ist abgelaufen.',
    en: 'The reward link has expired.',
  },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERRORS;

export interface ApiError {
  code: ErrorCode;
  message: string;
  /** Where the problem is, for validation errors: JSON pointer and reason per field. */
  details?: { pointer: string; reason: string }[];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

/** The message for a code in a language; falls back to German (the default language). */
export function errorMessage(code: ErrorCode, language: string): string {
  const entry: ErrorEntry = ERRORS[code];
  return language === 'en' ? entry.en : entry.de;
}
