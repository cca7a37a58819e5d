import { defineMailTemplate } from '../mail/MailTemplate.ts';

export interface RecommendationOptInMailData {
  vorname: string;
  nachname: string;
  produkt: string;
  /** The opt-in token; the link leads to the Confirmation page, which confirms it. */
  token: string;
  validHours: number;
}

/**
 * After a guest recommended with the e-mail address of an account (docs in server/recommendations/README.md):
 * the recommendation is shared only once the address's owner confirms it was them.
 */
export const recommendationOptInMail = defineMailTemplate<RecommendationOptInMailData>({
  texts: {
    de: {
      subject: 'Bitte bestätigen Sie Ihre Empfehlung bei {{mandantName}}',
      intro: 'Sie haben soeben „{{produkt}}“ weiterempfohlen.',
      instruction:
        'Ihre E-Mail-Adresse gehört zu einem Konto bei {{mandantName}}. Damit die Empfehlung – und später Ihre Prämie – diesem Konto zugeordnet werden darf, bestätigen Sie bitte, dass Sie es waren. Danach können Sie Ihren Empfehlungslink teilen.',
      action: 'Empfehlung bestätigen',
      validity: 'Der Link ist {{hours}} Stunden gültig und kann nur einmal verwendet werden.',
      notYou:
        'Sie haben nichts empfohlen? Dann ignorieren Sie diese E-Mail einfach; die Empfehlung wird nicht verwendet.',
    },
    en: {
      subject: 'Please confirm your recommendation at {{mandantName}}',
      intro: 'You have just recommended “{{produkt}}”.',
      instruction:
        'Your e-mail address belongs to an account at {{mandantName}}. So that the recommendation – and later your reward – may be credited to this account, please confirm that it was you. Afterwards you can share your recommendation link.',
      action: 'Confirm recommendation',
      validity: 'The link is valid for {{hours}} hours and can be used only once.',
      notYou:
        'You did not recommend anything? Then simply ignore this e-mail; the recommendation will not be used.',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject'),
    recipientName: `${data.vorname} ${data.nachname}`,
    paragraphs: [mail.t('intro', { produkt: data.produkt }), mail.t('instruction')],
    action: { label: mail.t('action'), url: mail.link('Confirmation', {}, { optin: data.token }) },
    notes: [mail.t('validity', { hours: data.validHours }), mail.t('notYou')],
  }),
});
