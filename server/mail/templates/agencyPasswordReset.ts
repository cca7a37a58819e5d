import { defineMailTemplate } from '../MailTemplate.ts';

export interface AgencyPasswordResetMailData {
  name: string;
  /** The reset token; the link leads to AgencyResetPassword. */
  token: string;
  validMinutes: number;
}

/** After PUT agentur/passwortVergessen for an active agency user (server/agency/passwords): a new password. */
export const agencyPasswordResetMail = defineMailTemplate<AgencyPasswordResetMailData>({
  texts: {
    de: {
      subject: 'Ihr neues Passwort für den Agenturbereich von {{mandantName}}',
      intro: 'Sie haben ein neues Passwort für den Agenturbereich angefordert.',
      instruction:
        'Über den folgenden Link legen Sie ein neues Passwort fest und sind danach gleich im Agenturbereich angemeldet.',
      action: 'Neues Passwort festlegen',
      validity: 'Der Link ist {{minutes}} Minuten gültig und kann nur einmal verwendet werden.',
      notYou:
        'Sie haben kein neues Passwort angefordert? Dann ignorieren Sie diese E-Mail – Ihr bisheriges Passwort bleibt gültig.',
    },
    en: {
      subject: 'Your new password for the agency area of {{mandantName}}',
      intro: 'You asked for a new password for the agency area.',
      instruction:
        'Use the link below to choose a new password; you will be signed in to the agency area right afterwards.',
      action: 'Choose new password',
      validity: 'The link is valid for {{minutes}} minutes and can be used only once.',
      notYou:
        'You did not ask for a new password? Then ignore this e-mail – your current password stays valid.',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject'),
    recipientName: data.name,
    paragraphs: [mail.t('intro'), mail.t('instruction')],
    action: { label: mail.t('action'), url: mail.link('AgencyResetPassword', { token: data.token }) },
    notes: [mail.t('validity', { minutes: data.validMinutes }), mail.t('notYou')],
  }),
});
