import { preferredLanguage } from '../clicks/clickLocation.ts';

/**
 * The shop stand-in's own words. It plays the client's website, which is not part of the product, so it
 * keeps this small table instead of the mandants' i18next texts. `{name}` placeholders are filled by `say`.
 */
const TEXTS = {
  de: {
    shopName: '{name} – Shop',
    demoNote:
      'Demo-Shop: Diese Seite steht für die Website des Unternehmens. Hier wird nichts wirklich bestellt.',
    languageNav: 'Sprache',
    /** The link to the page in the other language, named in that language. */
    otherLanguage: 'English',
    orderTitle: 'Ihre Bestellung',
    orderIntro: 'Sie bestellen auf Empfehlung. Ihre Bestellung wird der Empfehlung gutgeschrieben.',
    product: 'Produkt',
    recommendation: 'Empfehlungsnummer',
    detailsHeading: 'Ihre Angaben',
    firstName: 'Vorname',
    lastName: 'Nachname',
    email: 'E-Mail-Adresse',
    submit: 'Zahlungspflichtig bestellen',
    checkEntries: 'Bitte prüfen Sie Ihre Eingaben',
    missingFirstName: 'Bitte geben Sie Ihren Vornamen an.',
    missingLastName: 'Bitte geben Sie Ihren Nachnamen an.',
    invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse an.',
    thanksTitle: 'Vielen Dank für Ihre Bestellung',
    thanksGreeting: 'Vielen Dank, {name}!',
    orderNumber: 'Ihre Bestellnummer',
    reported:
      'Der Shop hat die Bestellung dem Empfehlungsprogramm gemeldet (Empfehlung {nr}, Status: {status}).',
    crmHeading: 'Für die Vorführung: das CRM des Unternehmens',
    crmText:
      'Kommt der Vertrag zustande, meldet das CRM des Unternehmens das dem Empfehlungsprogramm. Hier lösen Sie diese Meldung selbst aus.',
    crmButton: 'Vertrag bestätigen (CRM)',
    contractTitle: 'Vertrag bestätigt',
    contractText:
      'Das CRM hat den Vertrag zur Bestellung {order} dem Empfehlungsprogramm gemeldet. Nach Ablauf der Widerrufsfrist wird die Prämie freigegeben.',
    indexTitle: 'Demo-Shops',
    indexText:
      'Jeder Demo-Mandant hat hier einen kleinen Shop. Sie gelangen über den Produktlink einer Empfehlung hinein: nach der Bestätigung der Daten mit „Jetzt Vertrag abschließen“.',
    errorTitle: 'Das hat leider nicht geklappt',
    errorCode: 'Fehlercode',
    badLink: 'Dieser Link ist unvollständig. Bitte öffnen Sie den Link aus Ihrer Empfehlung erneut.',
    unknownShop: 'Diesen Shop gibt es nicht.',
    unknownRecommendation:
      'Diese Empfehlung ist uns nicht bekannt. Bitte öffnen Sie den Link aus Ihrer Empfehlung erneut.',
    wrongProduct: 'Dieses Produkt gehört nicht zu Ihrer Empfehlung.',
    alreadyOrdered: 'Zu dieser Empfehlung liegt bereits eine Bestellung vor.',
    notPossible: 'Für diese Empfehlung ist dieser Schritt nicht (mehr) möglich.',
    unknownOrder: 'Diese Bestellung ist dem Empfehlungsprogramm nicht bekannt.',
    notConnected:
      'Der Shop ist gerade nicht mit dem Empfehlungsprogramm verbunden. Bitte versuchen Sie es später noch einmal.',
    failed:
      'Die Meldung an das Empfehlungsprogramm ist fehlgeschlagen. Bitte versuchen Sie es später noch einmal.',
  },
  en: {
    shopName: '{name} – shop',
    demoNote: 'Demo shop: this page stands in for the company’s website. Nothing is really ordered here.',
    languageNav: 'Language',
    otherLanguage: 'Deutsch',
    orderTitle: 'Your order',
    orderIntro: 'You are ordering on a recommendation. Your order will be credited to it.',
    product: 'Product',
    recommendation: 'Recommendation number',
    detailsHeading: 'Your details',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email address',
    submit: 'Place order',
    checkEntries: 'Please check your entries',
    missingFirstName: 'Please enter your first name.',
    missingLastName: 'Please enter your last name.',
    invalidEmail: 'Please enter a valid email address.',
    thanksTitle: 'Thank you for your order',
    thanksGreeting: 'Thank you, {name}!',
    orderNumber: 'Your order number',
    reported:
      'The shop reported the order to the referral programme (recommendation {nr}, status: {status}).',
    crmHeading: 'For the demo: the company’s CRM',
    crmText:
      'Once the contract is concluded, the company’s CRM reports it to the referral programme. Here you trigger that report yourself.',
    crmButton: 'Confirm contract (CRM)',
    contractTitle: 'Contract confirmed',
    contractText:
      'The CRM reported the contract of order {order} to the referral programme. The reward is released once the withdrawal period has ended.',
    indexTitle: 'Demo shops',
    indexText:
      'Every demo mandant has a small shop here. You enter it through a recommendation’s product link: after confirming your details, with “Conclude your contract now”.',
    errorTitle: 'Sorry, that did not work',
    errorCode: 'Error code',
    badLink: 'This link is incomplete. Please open the link from your recommendation again.',
    unknownShop: 'There is no such shop.',
    unknownRecommendation:
      'We do not know this recommendation. Please open the link from your recommendation again.',
    wrongProduct: 'This product does not belong to your recommendation.',
    alreadyOrdered: 'There already is an order for this recommendation.',
    notPossible: 'This step is not (or no longer) possible for this recommendation.',
    unknownOrder: 'The referral programme does not know this order.',
    notConnected: 'The shop is not connected to the referral programme right now. Please try again later.',
    failed: 'Reporting to the referral programme failed. Please try again later.',
  },
} as const;

export type ShopLanguage = keyof typeof TEXTS;
export type ShopTextKey = keyof (typeof TEXTS)['de'];
export const SHOP_LANGUAGES: readonly ShopLanguage[] = ['de', 'en'];

/** A text in the language, `{name}` placeholders filled (values are escaped where they are written). */
export function say(language: ShopLanguage, key: ShopTextKey, values: Record<string, string> = {}): string {
  return TEXTS[language][key].replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}

export function isShopLanguage(value: unknown): value is ShopLanguage {
  return typeof value === 'string' && (SHOP_LANGUAGES as readonly string[]).includes(value);
}

/** `?lang=` (or the form's `lang`) when it is one of ours, else the browser's Accept-Language, else German. */
export function shopLanguage(chosen: unknown, acceptLanguage: string | undefined): ShopLanguage {
  if (isShopLanguage(chosen)) return chosen;
  const preferred = preferredLanguage(acceptLanguage, SHOP_LANGUAGES, 'de');
  return isShopLanguage(preferred) ? preferred : 'de';
}
