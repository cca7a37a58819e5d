/**
 * The one error catalogue (SPEC section 8). Server answers `{ code, message }` with the status below;
 * the runtime shows `de`/`en` for a code. SPEC's German wording is used word for word where SPEC gives it.
 */
export interface ErrorEntry {
  status: number;
  de: string;
  en: string;
}

/**
 * SPEC 5's '{field} ist nicht gültig' for an IBAN, and the one wording for a foreign IBAN under
 * ModuleIBANNurDE: the recommender's bank data (PSOF0240, PSOF0242) and the recipient's (PSOF0332,
 * PSOF0333) say the same, and the forms' own check (blocks/shared/ibanField.ts) shows these texts.
 */
const IBAN_INVALID = { de: 'IBAN ist nicht gültig', en: 'IBAN is not valid' } as const;
const IBAN_NOT_GERMAN = {
  de: `${IBAN_INVALID.de}: Bitte geben Sie eine deutsche IBAN (beginnt mit DE) an.`,
  en: `${IBAN_INVALID.en}: please enter a German IBAN (starting with DE).`,
} as const;

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
  // products (PSOF0110–0119)
  PSOF0110: {
    status: 404,
    de: 'Dieses Produkt ist leider nicht (mehr) verfügbar.',
    en: 'This product is not (or no longer) available.',
  },
  PSOF0111: {
    status: 404,
    de: 'Diese Ansprechperson ist leider nicht (mehr) verfügbar.',
    en: 'This contact person is not (or no longer) available.',
  },
  PSOF0112: {
    status: 404,
    de: 'Diese Produktabfrage gibt es für diesen Mandanten nicht.',
    en: 'This product query does not exist for this client.',
  },
  // content and contact (PSOF0120–0139)
  PSOF0120: {
    status: 404,
    de: 'Diesen Inhalt gibt es nicht.',
    en: 'This content does not exist.',
  },
  PSOF0121: {
    status: 413,
    de: 'Diese Datei ist zu groß.',
    en: 'This file is too large.',
  },
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
  // account lifecycle: registration and passwords (PSOF0220–0239)
  PSOF0220: {
    status: 422,
    de: 'Das Passwort muss mindestens 8 Zeichen lang sein und einen Kleinbuchstaben, einen Großbuchstaben und eine Ziffer enthalten.',
    en: 'The password must be at least 8 characters long and contain a lowercase letter, an uppercase letter and a digit.',
  },
  PSOF0221: {
    status: 422,
    de: 'Die Passwörter stimmen nicht überein.',
    en: 'The passwords do not match.',
  },
  PSOF0222: {
    status: 422,
    de: 'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.',
    en: 'This password is too common and easy to guess. Please choose another one.',
  },
  /** SPEC section 8, password change failure, word for word. */
  PSOF0223: {
    status: 500,
    de: 'Fehler: Passwort konnte nicht geändert werden, versuchen sie es zu einem späteren Zeitpunkt nocheinmal.',
    en: 'Error: the password could not be changed, please try again later.',
  },
  PSOF0224: {
    status: 422,
    de: 'Das aktuelle Passwort ist nicht richtig.',
    en: 'The current password is not correct.',
  },
  PSOF0225: {
    status: 429,
    de: 'Für diese E-Mail-Adresse wurden zu viele E-Mails angefordert. Bitte sehen Sie in Ihrem Postfach nach (auch im Spam-Ordner) und versuchen Sie es später noch einmal.',
    en: 'Too many e-mails were requested for this address. Please check your inbox (and the spam folder) and try again later.',
  },
  PSOF0226: {
    status: 422,
    de: 'Das neue Passwort muss sich vom bisherigen unterscheiden.',
    en: 'The new password must differ from the current one.',
  },
  // personal area: bank data, newsletter, my data, customer number (PSOF0240–0259)
  /** SPEC 5: '{field} ist nicht gültig' for the IBAN. */
  PSOF0240: { status: 422, ...IBAN_INVALID },
  /** SPEC 5: '{field} ist nicht gültig' for the account holder. */
  PSOF0241: { status: 422, de: 'Kontoinhaber ist nicht gültig', en: 'Account holder is not valid' },
  /** ModuleIBANNurDE: a foreign IBAN, worded as for the recipient (PSOF0333). */
  PSOF0242: { status: 422, ...IBAN_NOT_GERMAN },
  /** ModuleStoringBankdata is off. */
  PSOF0243: {
    status: 403,
    de: 'Bankdaten können in diesem Programm nicht gespeichert werden.',
    en: 'Bank details cannot be stored in this programme.',
  },
  /** ModuleNewsletterPermission is off. */
  PSOF0244: {
    status: 403,
    de: 'Einen Newsletter gibt es in diesem Programm nicht.',
    en: 'This programme has no newsletter.',
  },
  PSOF0245: {
    status: 410,
    de: 'Dieser Link ist ungültig oder abgelaufen. Bitte fordern Sie den Newsletter in Ihren Daten erneut an.',
    en: 'This link is invalid or has expired. Please request the newsletter again in your data.',
  },
  PSOF0246: {
    status: 409,
    de: 'Dieser Link wurde bereits verwendet.',
    en: 'This link has already been used.',
  },
  /** SPEC 2: Settings is disabled with autologin. */
  PSOF0247: {
    status: 403,
    de: 'Ihre Daten können bei automatischer Anmeldung nicht geändert werden.',
    en: 'Your data cannot be changed while you are signed in automatically.',
  },
  PSOF0248: {
    status: 422,
    de: 'Kundennummer ist nicht gültig',
    en: 'Customer number is not valid',
  },
  PSOF0249: {
    status: 422,
    de: 'Vorname oder Nachname ist nicht gültig.',
    en: 'First name or last name is not valid.',
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
  // recommend and share (PSOF0320–0329)
  PSOF0320: {
    status: 403,
    de: 'Nur wer die Empfehlung abgegeben hat, kann sie ändern.',
    en: 'Only the person who made the recommendation can change it.',
  },
  PSOF0321: {
    status: 422,
    de: 'Diese Art der Empfehlung ist in diesem Programm nicht möglich.',
    en: 'This kind of recommendation is not possible in this programme.',
  },
  PSOF0322: {
    status: 422,
    de: 'Diese Aufteilung der Prämie ist nicht möglich. Bitte wählen Sie eine der angebotenen.',
    en: 'This split of the reward is not possible. Please choose one of those offered.',
  },
  PSOF0323: {
    status: 422,
    de: 'Diese Aktion gibt es nicht oder sie ist beendet.',
    en: 'This campaign does not exist or has ended.',
  },
  PSOF0325: {
    status: 410,
    de: 'Dieser Bestätigungslink ist ungültig oder abgelaufen. Bitte geben Sie Ihre Empfehlung erneut ab.',
    en: 'This confirmation link is invalid or has expired. Please make your recommendation again.',
  },
  // click and recipient (PSOF0330–0349)
  PSOF0330: {
    status: 404,
    de: 'Diese Empfehlung gibt es nicht. Bitte prüfen Sie den Link.',
    en: 'This recommendation does not exist. Please check the link.',
  },
  PSOF0331: {
    status: 404,
    de: 'Diesen Empfehlungscode gibt es nicht. Bitte prüfen Sie Ihre Eingabe.',
    en: 'This recommendation code does not exist. Please check your entry.',
  },
  /** SPEC section 5, invalid IBAN: '{field} ist nicht gültig'. */
  PSOF0332: { status: 422, ...IBAN_INVALID },
  /** ModuleIBANNurDE (SPEC section 5): only German IBANs are valid; worded as for the recommender (PSOF0242). */
  PSOF0333: { status: 422, ...IBAN_NOT_GERMAN },
  /** A recipient call without a valid recipient token; 403, not 401: it must not end a recommender's session. */
  PSOF0334: {
    status: 403,
    de: 'Bitte öffnen Sie den Link aus Ihrer Empfehlung erneut.',
    en: 'Please open the link from your recommendation again.',
  },
  PSOF0335: {
    status: 409,
    de: 'Sie haben Ihre Daten zu dieser Empfehlung bereits bestätigt.',
    en: 'You have already confirmed your data for this recommendation.',
  },
  /** SPEC section 5: the date of birth is day.month.year. */
  PSOF0336: {
    status: 422,
    de: 'Das Geburtsdatum ist nicht gültig. Bitte geben Sie es als TT.MM.JJJJ an.',
    en: 'The date of birth is not valid. Please enter it as DD.MM.YYYY.',
  },
  PSOF0337: {
    status: 422,
    de: 'Die Angaben passen nicht zu dieser Empfehlung.',
    en: 'The details do not match this recommendation.',
  },
  PSOF0338: {
    status: 404,
    de: 'Bei diesem Angebot werden keine Bankdaten gespeichert.',
    en: 'Bank details are not stored for this offer.',
  },
  PSOF0339: {
    status: 409,
    de: 'Bitte stimmen Sie zuerst den Teilnahme- und Datenschutzbedingungen zu.',
    en: 'Please agree to the terms and the privacy notice first.',
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
  // personal area: reward choice (PSOF0410–0419)
  /** Unknown, or another recommender's: the same answer, so that ids cannot be probed. */
  PSOF0410: {
    status: 404,
    de: 'Diese Prämie wurde nicht gefunden.',
    en: 'This reward was not found.',
  },
  PSOF0411: {
    status: 409,
    de: 'Für diese Prämie kann keine Auswahl mehr getroffen werden.',
    en: 'This reward can no longer be chosen.',
  },
  PSOF0412: {
    status: 422,
    de: 'Diese Prämie ist nicht (mehr) verfügbar. Bitte wählen Sie eine andere.',
    en: 'This reward is not (or no longer) available. Please choose another one.',
  },
  // integration API: orders from the client's systems (PSOF0500–0529, issue 13)
  PSOF0500: {
    status: 401,
    de: 'Der API-Schlüssel fehlt oder ist unbekannt.',
    en: 'The API key is missing or unknown.',
  },
  PSOF0501: {
    status: 401,
    de: 'Die Signatur der Anfrage fehlt, ist falsch oder älter als 300 Sekunden.',
    en: 'The request signature is missing, wrong or older than 300 seconds.',
  },
  PSOF0502: {
    status: 400,
    de: 'Der Header Idempotency-Key fehlt oder ist ungültig (1 bis 255 druckbare Zeichen).',
    en: 'The Idempotency-Key header is missing or invalid (1 to 255 printable characters).',
  },
  PSOF0503: {
    status: 409,
    de: 'Dieser Idempotency-Key wurde schon mit einer anderen Anfrage verwendet.',
    en: 'This Idempotency-Key was already used with a different request.',
  },
  PSOF0504: {
    status: 404,
    de: 'Zu dieser Empfehlungsnummer oder diesem Empfehlungscode gibt es keine Empfehlung.',
    en: 'There is no recommendation with this number or code.',
  },
  PSOF0505: {
    status: 422,
    de: 'Dieses Produkt gehört nicht zu der Empfehlung.',
    en: 'This product does not belong to the recommendation.',
  },
  PSOF0506: {
    status: 422,
    de: 'Das Auftragsdatum liegt vor der Empfehlung oder in der Zukunft.',
    en: 'The order date is before the recommendation or in the future.',
  },
  PSOF0507: {
    status: 409,
    de: 'Diese Auftragsnummer ist schon mit anderen Daten gemeldet.',
    en: 'This order number was already reported with different data.',
  },
  PSOF0508: {
    status: 404,
    de: 'Zu dieser Auftragsnummer gibt es keinen Auftrag.',
    en: 'There is no order with this order number.',
  },
  PSOF0509: {
    status: 409,
    de: 'Dieser Schritt ist im aktuellen Status nicht möglich.',
    en: 'This step is not possible in the current status.',
  },
  PSOF0510: {
    status: 409,
    de: 'Für diese Empfehlung ist schon ein Auftrag gemeldet.',
    en: 'An order was already reported for this recommendation.',
  },
  PSOF0511: {
    status: 422,
    de: 'Die CSV-Datei enthält fehlerhafte Zeilen; es wurde nichts übernommen.',
    en: 'The CSV file has invalid rows; nothing was imported.',
  },
  PSOF0512: {
    status: 415,
    de: 'Die CSV-Datei muss UTF-8-kodiert sein, Semikolon oder Komma als Trennzeichen und die dokumentierten Spalten haben.',
    en: 'The CSV file must be UTF-8 encoded, separated by semicolons or commas, and have the documented columns.',
  },
  PSOF0513: {
    status: 409,
    de: 'Dieser Auftrag wartet nicht auf eine Prüfung.',
    en: 'This order is not waiting for a review.',
  },
  PSOF0514: {
    status: 422,
    de: 'Die Angaben zum Ereignis sind unvollständig oder ungültig.',
    en: 'The event data is incomplete or invalid.',
  },
  // agency area (issue 14). Ranges: 0600–0609 access, 0610–0619 sign-in and SSO, 0620–0629 reports and
  // order release, 0630–0639 invitations and staff, 0640–0649 reward plan, master data, invoices, 0660–0669
  // self-registration.
  PSOF0600: {
    status: 403,
    de: 'Diese Funktion steht Ihrer Rolle in der Agentur nicht zur Verfügung.',
    en: 'This function is not available to your role in the agency.',
  },
  PSOF0601: {
    status: 404,
    de: 'Dieser Eintrag wurde in Ihrer Agentur nicht gefunden.',
    en: 'This entry was not found in your agency.',
  },
  // 0610–0619: agency sign-in (single sign-on, e-mail and password)
  PSOF0610: {
    status: 404,
    de: 'Für diese Agenturen ist keine Anmeldung über Single Sign-on eingerichtet.',
    en: 'Single sign-on is not set up for these agencies.',
  },
  PSOF0611: {
    status: 401,
    de: 'Die Anmeldung über Single Sign-on ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
    en: 'Signing in with single sign-on failed. Please try again.',
  },
  PSOF0612: {
    status: 401,
    de: 'Ihre Abteilung ist keiner Agentur dieses Programms zugeordnet.',
    en: 'Your department is not assigned to an agency of this programme.',
  },
  PSOF0613: {
    status: 403,
    de: 'Ihr Zugang zur Agentur ist deaktiviert. Bitte wenden Sie sich an die Inhaberin oder den Inhaber Ihrer Agentur.',
    en: 'Your access to the agency is deactivated. Please contact the owner of your agency.',
  },
  PSOF0614: {
    status: 503,
    de: 'Der Anmeldedienst Ihrer Agentur ist gerade nicht erreichbar. Bitte versuchen Sie es später noch einmal.',
    en: 'Your agency’s sign-in service is not reachable right now. Please try again later.',
  },
  PSOF0615: {
    status: 409,
    de: 'Diese E-Mail-Adresse ist bereits einer anderen Agentur zugeordnet.',
    en: 'This e-mail address is already assigned to another agency.',
  },
  PSOF0620: {
    status: 409,
    de: 'Dieser Auftrag wurde bereits freigegeben.',
    en: 'This order has already been released.',
  },
  PSOF0621: {
    status: 409,
    de: 'Dieser Auftrag wurde bereits abgelehnt.',
    en: 'This order has already been rejected.',
  },
  PSOF0622: {
    status: 409,
    de: 'Dieser Auftrag ist storniert und kann nicht mehr freigegeben oder abgelehnt werden.',
    en: 'This order is cancelled and can no longer be released or rejected.',
  },
  PSOF0640: {
    status: 422,
    de: 'Dieses Produkt gibt es im Produktkatalog nicht.',
    en: 'This product is not in the product catalogue.',
  },
  PSOF0641: {
    status: 409,
    de: 'Für dieses Produkt gibt es in diesem Zeitraum schon einen Eintrag im Prämienplan.',
    en: 'The reward plan already has an entry for this product in this period.',
  },
  PSOF0642: {
    status: 422,
    de: 'Gültig bis darf nicht vor Gültig ab liegen.',
    en: 'Valid until must not be before valid from.',
  },
  PSOF0643: {
    status: 422,
    ...IBAN_INVALID,
  },
  PSOF0644: {
    status: 422,
    de: 'Kontoinhaber ist nicht gültig',
    en: 'Account holder is not valid',
  },
  PSOF0645: {
    status: 409,
    de: 'Eine Gutschrift kann erst nach dem Ende des Monats erstellt werden.',
    en: 'A credit note can only be created once the month is over.',
  },
  PSOF0646: {
    status: 409,
    de: 'Für die Gutschrift fehlen Stammdaten der Agentur: Anschrift und Steuernummer oder USt-IdNr.',
    en: 'The agency’s master data lacks what the credit note needs: address and tax number or VAT ID.',
  },
  PSOF0647: {
    status: 409,
    de: 'In diesem Monat wurden keine Aufträge mit Provision freigegeben.',
    en: 'No orders with a commission were released in this month.',
  },
  PSOF0648: {
    status: 409,
    de: 'Gutschriften sind für dieses Programm nicht eingerichtet.',
    en: 'Credit notes are not set up for this programme.',
  },
  PSOF0649: {
    status: 400,
    de: 'Der Zeitraum ist ungültig: von muss vor bis liegen, höchstens drei Jahre.',
    en: 'The period is invalid: from must be before until, at most three years.',
  },
  // invitations and staff (PSOF0630–0639, server/agency/invitations, server/agency/staff)
  PSOF0630: {
    status: 409,
    de: 'Für diese E-Mail-Adresse gibt es bereits ein Konto.',
    en: 'There is already an account for this e-mail address.',
  },
  PSOF0631: {
    status: 409,
    de: 'An diese E-Mail-Adresse wurde bereits eine Einladung verschickt, die noch gültig ist.',
    en: 'An invitation that is still valid has already been sent to this e-mail address.',
  },
  PSOF0632: {
    status: 404,
    de: 'Diese Einladung gibt es nicht. Bitte prüfen Sie den Link aus Ihrer E-Mail.',
    en: 'This invitation does not exist. Please check the link in your e-mail.',
  },
  PSOF0633: {
    status: 410,
    de: 'Diese Einladung ist abgelaufen. Bitte wenden Sie sich an Ihre Agentur, um eine neue Einladung zu erhalten.',
    en: 'This invitation has expired. Please ask your agency for a new invitation.',
  },
  PSOF0634: {
    status: 410,
    de: 'Diese Einladung wurde bereits verwendet. Bitte melden Sie sich mit Ihrem Passwort an.',
    en: 'This invitation has already been used. Please log in with your password.',
  },
  /** SPEC 5: '{field} ist nicht gültig' for an employee number that names no active colleague. */
  PSOF0635: {
    status: 422,
    de: 'Mitarbeiternummer ist nicht gültig',
    en: 'Employee number is not valid',
  },
  PSOF0636: {
    status: 409,
    de: 'Sie können sich nicht selbst deaktivieren.',
    en: 'You cannot deactivate yourself.',
  },
  PSOF0637: {
    status: 409,
    de: 'Für diese E-Mail-Adresse gibt es bereits einen Mitarbeiterzugang.',
    en: 'There is already a staff login for this e-mail address.',
  },
  // agency self-registration (PSOF0660–0669, server/agency/registration)
  PSOF0660: {
    status: 403,
    de: 'Ihre Agentur wird noch geprüft. Wir melden uns per E-Mail.',
    en: 'Your agency is still being reviewed. We will get back to you by e-mail.',
  },
  PSOF0661: {
    status: 403,
    de: 'Ihre Registrierung ist noch nicht abgeschlossen. Bitte bestätigen Sie Ihre E-Mail-Adresse über den Link in unserer E-Mail und ergänzen Sie die Angaben Ihrer Agentur.',
    en: 'Your registration is not complete yet. Please confirm your e-mail address with the link in our e-mail and complete your agency’s details.',
  },
  PSOF0662: {
    status: 403,
    de: 'Die Registrierung Ihrer Agentur wurde nicht angenommen. Bei Fragen wenden Sie sich bitte an uns.',
    en: 'Your agency’s registration was not accepted. Please contact us if you have any questions.',
  },
  PSOF0663: {
    status: 410,
    de: 'Dieser Link ist ungültig oder abgelaufen. Bitte registrieren Sie Ihre Agentur mit derselben E-Mail-Adresse erneut; Sie erhalten dann einen neuen Link.',
    en: 'This link is invalid or has expired. Please register your agency again with the same e-mail address to receive a new link.',
  },
  PSOF0664: {
    status: 409,
    de: 'Dieser Link wurde bereits verwendet.',
    en: 'This link has already been used.',
  },
  PSOF0665: {
    status: 409,
    de: 'Die Angaben Ihrer Agentur liegen uns bereits vor. Wir prüfen sie und melden uns per E-Mail.',
    en: 'We already have your agency’s details. We are reviewing them and will get back to you by e-mail.',
  },
  PSOF0666: {
    status: 422,
    de: 'Bitte geben Sie die USt-IdNr oder die Steuernummer an.',
    en: 'Please enter the VAT ID or the tax number.',
  },
  // back office: sign-in and access (PSOF0700–0719, server/backoffice). Ranges of the back-office features:
  // orders and review 0720–0739, payouts and vouchers 0740–0759, support 0760–0779, figures 0780–0789,
  // settings 0790–0809, integration keys and webhooks 0810–0829, staff, audit and SSO 0830–0849.
  PSOF0700: {
    status: 403,
    de: 'Diese Funktion steht Ihrer Rolle im Backoffice nicht zur Verfügung.',
    en: 'This function is not available to your back-office role.',
  },
  PSOF0701: {
    status: 401,
    de: 'Der Sicherheitscode ist falsch. Bitte geben Sie den aktuellen Code aus Ihrer Authenticator-App ein.',
    en: 'The security code is wrong. Please enter the current code from your authenticator app.',
  },
  PSOF0702: {
    status: 401,
    de: 'Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut mit E-Mail-Adresse und Passwort an.',
    en: 'The sign-in has expired. Please sign in again with your e-mail address and password.',
  },
  PSOF0703: {
    status: 403,
    de: 'Ihr Backoffice-Zugang ist deaktiviert. Bitte wenden Sie sich an Ihre Administration.',
    en: 'Your back-office access is deactivated. Please contact your administrator.',
  },
  PSOF0704: {
    status: 404,
    de: 'Der Datensatz wurde nicht gefunden.',
    en: 'The record was not found.',
  },
  PSOF0705: {
    status: 409,
    de: 'Der Datensatz wurde inzwischen von jemand anderem geändert. Bitte laden Sie ihn neu und prüfen Sie die Änderung.',
    en: 'Someone else has changed the record in the meantime. Please reload it and check the change.',
  },
  // back office, orders and review (PSOF0720–0739, server/backoffice/orders).
  PSOF0720: {
    status: 404,
    de: 'Zu dieser Empfehlungsnummer gibt es keine Empfehlung.',
    en: 'There is no recommendation with this recommendation number.',
  },
  PSOF0721: {
    status: 404,
    de: 'Zu dieser Auftragsnummer gibt es keinen Auftrag.',
    en: 'There is no order with this order number.',
  },
  PSOF0722: {
    status: 409,
    de: 'Der Vertrag zu diesem Auftrag ist bereits bestätigt.',
    en: 'The contract for this order has already been confirmed.',
  },
  PSOF0723: {
    status: 409,
    de: 'Dieser Auftrag ist bereits storniert.',
    en: 'This order has already been cancelled.',
  },
  PSOF0724: {
    status: 409,
    de: 'Dieser Auftrag kam über einen anderen Kanal und ist keiner Empfehlung zugeordnet.',
    en: 'This order came through another channel and is not attributed to a recommendation.',
  },
  PSOF0725: {
    status: 404,
    de: 'Zu diesem Empfehlungscode gibt es keine Empfehlung. Bitte prüfen Sie den Code.',
    en: 'There is no recommendation with this recommendation code. Please check the code.',
  },
  PSOF0726: {
    status: 409,
    de: 'Der Auftrag gehört bereits zu dieser Empfehlung.',
    en: 'The order already belongs to this recommendation.',
  },
  PSOF0727: {
    status: 409,
    de: 'Diese Empfehlung kann den Auftrag nicht übernehmen: Sie hat bereits einen Auftrag oder ist abgeschlossen.',
    en: 'This recommendation cannot take the order: it already has an order or is closed.',
  },
  PSOF0728: {
    status: 409,
    de: 'Der Auftrag ist bereits freigegeben oder ausgezahlt und kann nicht mehr umgebucht werden.',
    en: 'The order has already been released or paid out and can no longer be reassigned.',
  },
  PSOF0729: {
    status: 409,
    de: 'Dieser Auftrag wartet nicht auf eine Prüfung.',
    en: 'This order is not waiting for a review.',
  },
  // back office: settings without a deploy (PSOF0790–0809, server/backoffice/settings)
  PSOF0790: {
    status: 422,
    de: 'Die Einstellung ist so nicht gültig. Bitte korrigieren Sie die markierten Stellen.',
    en: 'The setting is not valid as it is. Please correct the marked places.',
  },
  PSOF0791: {
    status: 404,
    de: 'Diese Version der Einstellung wurde nicht gefunden.',
    en: 'This version of the setting was not found.',
  },
  PSOF0792: {
    status: 409,
    de: 'Nur ein Entwurf kann veröffentlicht werden. Diese Version ist bereits veröffentlicht oder abgelöst.',
    en: 'Only a draft can be published. This version has already been published or replaced.',
  },
  PSOF0793: {
    status: 409,
    de: 'Zurückgesetzt werden kann nur auf eine Version, die schon einmal veröffentlicht war.',
    en: 'You can only roll back to a version that was published before.',
  },
  PSOF0794: {
    status: 409,
    de: 'Diese Einstellung gilt bereits so, wie sie in der Datei des Mandanten steht.',
    en: 'This setting already applies as the mandant’s file has it.',
  },
  // back office: payout runs and voucher pools (PSOF0740–0759, server/backoffice/payouts)
  PSOF0740: {
    status: 404,
    de: 'Dieser Auszahlungslauf wurde nicht gefunden.',
    en: 'This payout run was not found.',
  },
  PSOF0741: {
    status: 409,
    de: 'Dieser Auszahlungslauf ist bereits als ausgeführt markiert.',
    en: 'This payout run has already been marked as executed.',
  },
  PSOF0742: {
    status: 409,
    de: 'Es gibt zurzeit keine fälligen Geldprämien mit Bankverbindung für einen Auszahlungslauf.',
    en: 'There are currently no due cash rewards with bank details for a payout run.',
  },
  PSOF0743: {
    status: 409,
    de: 'Für diesen Auszahlungslauf kann keine SEPA-Datei erstellt werden: Das Auszahlungskonto des Programms fehlt oder keine Prämie hat noch eine Bankverbindung.',
    en: 'No SEPA file can be created for this payout run: the programme’s payout account is missing or no reward still has bank details.',
  },
  PSOF0744: {
    status: 422,
    de: 'Das Ausführungsdatum darf nicht in der Vergangenheit liegen.',
    en: 'The execution date must not be in the past.',
  },
  PSOF0745: {
    status: 404,
    de: 'Diesen Gutschein-Pool gibt es im Prämienkatalog nicht.',
    en: 'This voucher pool does not exist in the reward catalogue.',
  },
  PSOF0746: {
    status: 422,
    de: 'Die CSV-Datei enthält fehlerhafte Zeilen; es wurde kein Code übernommen. Bitte korrigieren Sie die genannten Zeilen.',
    en: 'The CSV file has invalid rows; no code was imported. Please correct the rows listed.',
  },
  PSOF0747: {
    status: 415,
    de: 'Bitte laden Sie eine UTF-8-kodierte CSV-Datei mit den Spalten PraemieId und Code hoch (Trennzeichen Semikolon oder Komma).',
    en: 'Please upload a UTF-8 encoded CSV file with the columns PraemieId and Code (separated by semicolons or commas).',
  },
  // back office: programme figures (PSOF0780–0789, server/backoffice/figures)
  PSOF0780: {
    status: 400,
    de: 'Der Zeitraum ist ungültig: Bitte wählen Sie zwei echte Tage, von vor bis, höchstens drei Jahre.',
    en: 'The period is invalid: please choose two real days, from before until, at most three years.',
  },
  PSOF0781: {
    status: 400,
    de: 'Für mehr als 366 Tage zeigen wir die Kennzahlen nicht pro Tag. Bitte wählen Sie Woche oder Monat oder einen kürzeren Zeitraum.',
    en: 'For more than 366 days we do not show the figures per day. Please choose week or month, or a shorter period.',
  },
  PSOF0782: {
    status: 400,
    de: 'Diese Aktion kennt Ihr Programm nicht. Bitte wählen Sie eine Aktion aus der Liste.',
    en: 'Your programme does not know this campaign. Please choose a campaign from the list.',
  },
  // back office: API keys and webhook endpoints (PSOF0810–0829, server/backoffice/integrationKeys, webhooks).
  PSOF0810: {
    status: 404,
    de: 'Der API-Schlüssel wurde nicht gefunden.',
    en: 'The API key was not found.',
  },
  PSOF0811: {
    status: 409,
    de: 'Der API-Schlüssel ist widerrufen und kann nicht mehr erneuert werden. Bitte legen Sie einen neuen an.',
    en: 'The API key has been revoked and can no longer be rotated. Please create a new one.',
  },
  PSOF0812: {
    status: 422,
    de: 'Bitte geben Sie eine Adresse an, die mit https:// beginnt.',
    en: 'Please enter an address that starts with https://.',
  },
  PSOF0813: {
    status: 409,
    de: 'Für diese Adresse gibt es bereits einen Webhook-Endpunkt.',
    en: 'There is already a webhook endpoint for this address.',
  },
  PSOF0814: {
    status: 404,
    de: 'Der Webhook-Endpunkt wurde nicht gefunden.',
    en: 'The webhook endpoint was not found.',
  },
  PSOF0815: {
    status: 404,
    de: 'Die Webhook-Zustellung wurde nicht gefunden.',
    en: 'The webhook delivery was not found.',
  },
  // back office: staff, audit log and SSO (PSOF0830–0849, server/backoffice/staff, audit, sso).
  PSOF0830: {
    status: 404,
    de: 'Die Mitarbeiterin oder der Mitarbeiter wurde nicht gefunden.',
    en: 'The staff member was not found.',
  },
  PSOF0831: {
    status: 409,
    de: 'Sie können sich die Rolle Administration nicht selbst entziehen. Bitten Sie eine andere Person mit dieser Rolle darum.',
    en: 'You cannot remove the admin role from yourself. Please ask another admin to do it.',
  },
  PSOF0832: {
    status: 409,
    de: 'Sie können sich nicht selbst deaktivieren. Bitten Sie eine andere Person mit der Rolle Administration darum.',
    en: 'You cannot deactivate yourself. Please ask another admin to do it.',
  },
  PSOF0833: {
    status: 409,
    de: 'Für diese E-Mail-Adresse gibt es bereits einen Backoffice-Zugang.',
    en: 'There is already a back-office login for this e-mail address.',
  },
  PSOF0834: {
    status: 410,
    de: 'Dieser Link ist ungültig oder abgelaufen. Bitte bitten Sie Ihre Administration um eine neue Einladung.',
    en: 'This link is invalid or has expired. Please ask your administrator for a new invitation.',
  },
  PSOF0835: {
    status: 409,
    de: 'Dieser Link wurde bereits verwendet. Bitte melden Sie sich mit Ihrem Passwort an.',
    en: 'This link has already been used. Please sign in with your password.',
  },
  // back office, support and agencies (PSOF0760–0779, server/backoffice/support, server/backoffice/agencies)
  PSOF0760: {
    status: 409,
    de: 'Dieses Empfehlerkonto ist nicht aktiv. Eine Anmeldung oder eine Passwort-E-Mail ist dafür nicht möglich.',
    en: 'This recommender account is not active. Signing in or a password e-mail is not possible for it.',
  },
  PSOF0761: {
    status: 429,
    de: 'An diese Person wurden gerade mehrere E-Mails aus dem Backoffice versendet. Bitte versuchen Sie es später erneut.',
    en: 'Several e-mails were just sent to this person from the back office. Please try again later.',
  },
  PSOF0762: {
    status: 409,
    de: 'Eine Newsletter-Bestätigung kann nur erneut gesendet werden, wenn die Person den Newsletter angefordert und noch nicht bestätigt hat.',
    en: 'A newsletter confirmation can only be sent again when the person requested the newsletter and has not confirmed it yet.',
  },
  PSOF0763: {
    status: 409,
    de: 'Für diese Prämie kann keine Prämien-E-Mail gesendet werden: Sie ist bereits eingelöst, storniert oder verfallen.',
    en: 'No reward e-mail can be sent for this reward: it has already been collected, cancelled or has lapsed.',
  },
  PSOF0764: {
    status: 422,
    de: 'Bitte geben Sie zur Bestätigung die E-Mail-Adresse der Person genau so ein, wie sie angezeigt wird.',
    en: 'To confirm, please enter the person’s e-mail address exactly as shown.',
  },
  PSOF0765: {
    status: 409,
    de: 'Die Daten können noch nicht gelöscht werden: Eine Prämie der Person steht in einem Auszahlungslauf, der noch nicht ausgeführt ist. Bitte löschen Sie nach der Ausführung.',
    en: 'The data cannot be erased yet: a reward of this person is in a payout run that has not been executed. Please erase after the run is executed.',
  },
  PSOF0766: {
    status: 422,
    de: 'Bitte geben Sie einen Grund für die Ablehnung an.',
    en: 'Please give a reason for the rejection.',
  },
  // back office: single sign-on (PSOF0840–0849, server/backoffice/sso).
  PSOF0840: {
    status: 404,
    de: 'Für das Backoffice dieses Programms ist keine Anmeldung über Single Sign-on eingerichtet.',
    en: 'Single sign-on is not set up for the back office of this programme.',
  },
  PSOF0841: {
    status: 401,
    de: 'Die Anmeldung über Single Sign-on ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
    en: 'Signing in with single sign-on failed. Please try again.',
  },
  PSOF0842: {
    status: 403,
    de: 'Ihr Anmeldedienst gibt Ihnen keine Rolle im Backoffice. Bitte wenden Sie sich an Ihre Administration.',
    en: 'Your sign-in service gives you no role in the back office. Please contact your administrator.',
  },
  PSOF0843: {
    status: 503,
    de: 'Der Anmeldedienst ist gerade nicht erreichbar. Bitte versuchen Sie es später noch einmal.',
    en: 'The sign-in service is not reachable right now. Please try again later.',
  },
  // bad input at the edge (PSOF0900–0909, server/http/inputSafety.ts, docs/adr/0023-bad-input-and-fuzzing.md).
  PSOF0900: {
    status: 400,
    de: 'Die Eingabe enthält unzulässige Zeichen.',
    en: 'The input contains characters that are not allowed.',
  },
  // keyset paging of long lists (PSOF0920–0929, server/reports/keysetCursor.ts, issue 17).
  PSOF0920: {
    status: 400,
    de: 'Die Angabe zum Weiterblättern ist ungültig. Bitte laden Sie die Liste neu.',
    en: 'The paging position is invalid. Please reload the list.',
  },
  PSOF0921: {
    status: 400,
    de: 'Die Angabe zum Weiterblättern gehört zu einer anderen Liste. Bitte laden Sie die Liste neu.',
    en: 'The paging position belongs to another list. Please reload the list.',
  },
  PSOF0922: {
    status: 400,
    de: 'Die Seitengröße ist ungültig.',
    en: 'The page size is invalid.',
  },
  // login throttle (PSOF0910–0919, server/rateLimit/loginThrottle.ts, ADR 0024).
  PSOF0910: {
    status: 429,
    de: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
    en: 'Too many failed sign-in attempts. Please wait a moment and try again.',
  },
  // profi-seller area: access, registration, own data (PSOF0940–0959, server/profi/, issue 16).
  PSOF0940: {
    status: 403,
    de: 'Dieser Bereich ist Profi-Verkäufern vorbehalten.',
    en: 'This area is reserved for professional sellers.',
  },
  PSOF0941: { status: 422, de: 'Steuernummer ist nicht gültig', en: 'Tax number is not valid' },
  PSOF0942: {
    status: 422,
    de: 'Bitte geben Sie den Namen Ihrer Firma an.',
    en: 'Please enter the name of your company.',
  },
  PSOF0943: {
    status: 422,
    de: 'Bitte geben Sie Ihre Steuernummer oder Ihre USt-IdNr. an.',
    en: 'Please enter your tax number or your VAT ID.',
  },
  PSOF0944: {
    status: 422,
    de: 'Als Kleinunternehmer geben Sie bitte Ihre Steuernummer an.',
    en: 'As a small business, please enter your tax number.',
  },
  PSOF0945: { status: 422, de: 'USt-IdNr. ist nicht gültig', en: 'VAT ID is not valid' },
  PSOF0946: {
    status: 409,
    de: 'Mit dieser E-Mail-Adresse ist bereits ein Profi-Verkäufer registriert.',
    en: 'A professional seller is already registered with this e-mail address.',
  },
  PSOF0947: {
    status: 422,
    de: 'Bitte bestätigen Sie die Vereinbarung für Profi-Verkäufer.',
    en: 'Please accept the agreement for professional sellers.',
  },
  // profi-seller area: commissions, credit notes (PSOF0960–0979, server/profi/creditNotes, issue 16).
  PSOF0960: {
    status: 409,
    de: 'Eine Gutschrift kann erst nach dem Ende des Monats erstellt werden.',
    en: 'A credit note can only be created once the month is over.',
  },
  PSOF0961: {
    status: 409,
    de: 'Für die Gutschrift fehlen Ihre Daten: Anschrift und Steuernummer oder USt-IdNr.',
    en: 'The credit note needs your details: address and tax number or VAT ID.',
  },
  PSOF0962: {
    status: 409,
    de: 'In diesem Monat wurden keine Provisionen freigegeben.',
    en: 'No commissions were approved in this month.',
  },
  PSOF0963: {
    status: 404,
    de: 'Diese Gutschrift gibt es nicht.',
    en: 'This credit note does not exist.',
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
