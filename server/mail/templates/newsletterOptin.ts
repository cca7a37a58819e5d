import { defineMailTemplate } from '../MailTemplate.ts';

export interface NewsletterOptinMailData {
  vorname: string;
  nachname: string;
  /** Confirms the subscription (NewsletterOptin page), once. */
  confirmToken: string;
  /** Withdraws it later (NewsletterOptout page), once. */
  optoutToken: string;
  validHours: number;
}

/** PUT /empfehler/setNewsletterOptin: the second step of the double opt-in (SPEC 4, newsletter). */
export const newsletterOptinMail = defineMailTemplate<NewsletterOptinMailData>({
  texts: {
    de: {
      subject: 'Bitte bestätigen Sie Ihre Newsletter-Anmeldung bei {{mandantName}}',
      intro: 'Sie möchten den Newsletter von {{mandantName}} erhalten. Vielen Dank für Ihr Interesse!',
      instruction:
        'Bitte bestätigen Sie Ihre Anmeldung über den folgenden Link. Erst danach senden wir Ihnen den Newsletter.',
      action: 'Anmeldung bestätigen',
      validity: 'Der Link ist {{hours}} Stunden gültig und kann nur einmal verwendet werden.',
      notYou:
        'Sie haben den Newsletter nicht angefordert? Dann ignorieren Sie diese E-Mail – ohne Bestätigung erhalten Sie nichts.',
      optout:
        'Sie können Ihre Einwilligung jederzeit widerrufen, in Ihren Daten oder über diesen Link: {{url}}',
    },
    en: {
      subject: 'Please confirm your newsletter subscription with {{mandantName}}',
      intro: 'You would like to receive the {{mandantName}} newsletter. Thank you for your interest!',
      instruction:
        'Please confirm your subscription with the link below. Only then will we send you the newsletter.',
      action: 'Confirm subscription',
      validity: 'The link is valid for {{hours}} hours and can be used only once.',
      notYou:
        'You did not ask for the newsletter? Then ignore this e-mail – without confirmation you will receive nothing.',
      optout: 'You can withdraw your consent at any time, in your data or with this link: {{url}}',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject'),
    recipientName: `${data.vorname} ${data.nachname}`,
    paragraphs: [mail.t('intro'), mail.t('instruction')],
    action: { label: mail.t('action'), url: mail.link('NewsletterOptin', {}, { token: data.confirmToken }) },
    notes: [
      mail.t('validity', { hours: data.validHours }),
      mail.t('notYou'),
      mail.t('optout', { url: mail.link('NewsletterOptout', {}, { token: data.optoutToken }) }),
    ],
  }),
});
