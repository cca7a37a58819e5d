import { defineMailTemplate } from '../MailTemplate.ts';

export interface WelcomeMailData {
  vorname: string;
  nachname: string;
  /** The set-password token; the link leads to CompleteRegistration. */
  token: string;
  validHours: number;
}

/** After POST /account/createEmpfehler and GET /account/resendWelcomeMail: finish the registration. */
export const welcomeMail = defineMailTemplate<WelcomeMailData>({
  texts: {
    de: {
      subject: 'Willkommen bei {{mandantName}} – bitte legen Sie Ihr Passwort fest',
      intro: 'vielen Dank für Ihre Registrierung bei {{mandantName}}.',
      instruction:
        'Um Ihre Registrierung abzuschließen, legen Sie bitte über den folgenden Link Ihr Passwort fest. Danach können Sie sich anmelden und Ihre Empfehlungen und Prämien verfolgen.',
      action: 'Passwort festlegen',
      validity: 'Der Link ist {{hours}} Stunden gültig und kann nur einmal verwendet werden.',
      notYou: 'Sie haben sich nicht registriert? Dann können Sie diese E-Mail einfach ignorieren.',
    },
    en: {
      subject: 'Welcome to {{mandantName}} – please choose your password',
      intro: 'thank you for registering with {{mandantName}}.',
      instruction:
        'To complete your registration, please choose your password using the link below. Afterwards you can log in and follow your recommendations and rewards.',
      action: 'Choose password',
      validity: 'The link is valid for {{hours}} hours and can be used only once.',
      notYou: 'You did not register? Then simply ignore this e-mail.',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject'),
    recipientName: `${data.vorname} ${data.nachname}`,
    paragraphs: [mail.t('intro'), mail.t('instruction')],
    action: { label: mail.t('action'), url: mail.link('CompleteRegistration', { token: data.token }) },
    notes: [mail.t('validity', { hours: data.validHours }), mail.t('notYou')],
  }),
});
