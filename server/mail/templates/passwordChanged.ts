import { defineMailTemplate } from '../MailTemplate.ts';

export interface PasswordChangedMailData {
  vorname: string;
  nachname: string;
}

/** After any password change or reset: if it was not the owner, they learn it and can take the account back. */
export const passwordChangedMail = defineMailTemplate<PasswordChangedMailData>({
  texts: {
    de: {
      subject: 'Ihr Passwort bei {{mandantName}} wurde geändert',
      intro:
        'das Passwort Ihres Kontos wurde soeben geändert. Alle anderen Anmeldungen wurden dabei beendet.',
      notYou:
        'Waren Sie das nicht? Dann fordern Sie bitte sofort ein neues Passwort an und wenden Sie sich an unseren Kundenservice.',
      action: 'Neues Passwort anfordern',
    },
    en: {
      subject: 'Your password at {{mandantName}} was changed',
      intro: 'the password of your account was just changed. Every other login has been ended.',
      notYou:
        'That was not you? Then please request a new password at once and contact our customer service.',
      action: 'Request a new password',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject'),
    recipientName: `${data.vorname} ${data.nachname}`,
    paragraphs: [mail.t('intro'), mail.t('notYou')],
    action: { label: mail.t('action'), url: mail.link('ForgotPassword') },
  }),
});
