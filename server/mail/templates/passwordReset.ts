import { defineMailTemplate } from '../MailTemplate.ts';

export interface PasswordResetMailData {
  vorname: string;
  nachname: string;
  /** The reset token; the link leads to SetPassword. */
  token: string;
  validMinutes: number;
}

/** After GET /account/resetPassword/{email} for an address with an account: a link to set a new password. */
export const passwordResetMail = defineMailTemplate<PasswordResetMailData>({
  texts: {
    de: {
      subject: 'Ihr neues Passwort für {{mandantName}}',
      intro: 'Sie haben ein neues Passwort angefordert.',
      instruction:
        'Über den folgenden Link legen Sie ein neues Passwort fest und sind danach gleich angemeldet.',
      action: 'Neues Passwort festlegen',
      validity: 'Der Link ist {{minutes}} Minuten gültig und kann nur einmal verwendet werden.',
      notYou:
        'Sie haben kein neues Passwort angefordert? Dann ignorieren Sie diese E-Mail – Ihr bisheriges Passwort bleibt gültig.',
    },
    en: {
      subject: 'Your new password for {{mandantName}}',
      intro: 'You asked for a new password.',
      instruction: 'Use the link below to choose a new password; you will be logged in right afterwards.',
      action: 'Choose new password',
      validity: 'The link is valid for {{minutes}} minutes and can be used only once.',
      notYou:
        'You did not ask for a new password? Then ignore this e-mail – your current password stays valid.',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject'),
    recipientName: `${data.vorname} ${data.nachname}`,
    paragraphs: [mail.t('intro'), mail.t('instruction')],
    action: { label: mail.t('action'), url: mail.link('SetPassword', { token: data.token }) },
    notes: [mail.t('validity', { minutes: data.validMinutes }), mail.t('notYou')],
  }),
});
