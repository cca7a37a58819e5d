import { defineMailTemplate } from '../MailTemplate.ts';

export interface AgencyRegistrationConfirmMailData {
  vorname: string;
  nachname: string;
  /** The agency's company name as registered. */
  firma: string;
  /** The confirmation token; the link leads to AgencyConfirm. */
  token: string;
  validHours: number;
}

/** After POST agentur/registrieren (issue 14): the owner confirms the address and goes on to the agency's data. */
export const agencyRegistrationConfirmMail = defineMailTemplate<AgencyRegistrationConfirmMailData>({
  texts: {
    de: {
      subject: 'Bitte bestätigen Sie die Registrierung Ihrer Agentur bei {{mandantName}}',
      intro: 'vielen Dank für die Registrierung von {{firma}} als Agentur bei {{mandantName}}.',
      instruction:
        'Bitte bestätigen Sie über den folgenden Link Ihre E-Mail-Adresse und ergänzen Sie danach die Angaben Ihrer Agentur. Anschließend prüfen wir Ihre Registrierung und melden uns per E-Mail.',
      action: 'E-Mail-Adresse bestätigen',
      validity: 'Der Link ist {{hours}} Stunden gültig und kann nur einmal verwendet werden.',
      notYou: 'Sie haben sich nicht registriert? Dann können Sie diese E-Mail einfach ignorieren.',
    },
    en: {
      subject: 'Please confirm your agency’s registration with {{mandantName}}',
      intro: 'thank you for registering {{firma}} as an agency with {{mandantName}}.',
      instruction:
        'Please confirm your e-mail address with the link below and then complete your agency’s details. We will then review your registration and get back to you by e-mail.',
      action: 'Confirm e-mail address',
      validity: 'The link is valid for {{hours}} hours and can be used only once.',
      notYou: 'You did not register? Then simply ignore this e-mail.',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject'),
    recipientName: `${data.vorname} ${data.nachname}`,
    paragraphs: [mail.t('intro', { firma: data.firma }), mail.t('instruction')],
    action: { label: mail.t('action'), url: mail.link('AgencyConfirm', { token: data.token }) },
    notes: [mail.t('validity', { hours: data.validHours }), mail.t('notYou')],
  }),
});
