import { defineMailTemplate } from '../MailTemplate.ts';

export interface AlreadyRegisteredMailData {
  vorname: string;
  nachname: string;
}

/**
 * After a registration with an address that already has an account with a password: the answer to the
 * form is the same as for a new address, the mail tells the owner how to get in.
 */
export const alreadyRegisteredMail = defineMailTemplate<AlreadyRegisteredMailData>({
  texts: {
    de: {
      subject: 'Sie haben bereits ein Konto bei {{mandantName}}',
      intro:
        'mit dieser E-Mail-Adresse wurde gerade eine Registrierung versucht. Sie haben bereits ein Konto.',
      instruction:
        'Melden Sie sich einfach an. Falls Sie Ihr Passwort vergessen haben, fordern Sie dort ein neues an.',
      action: 'Zur Anmeldung',
      notYou:
        'Das waren nicht Sie? Dann ignorieren Sie diese E-Mail – an Ihrem Konto hat sich nichts geändert.',
    },
    en: {
      subject: 'You already have an account with {{mandantName}}',
      intro: 'someone just tried to register with this e-mail address. You already have an account.',
      instruction: 'Simply log in. If you forgot your password, you can request a new one there.',
      action: 'Go to login',
      notYou: 'That was not you? Then ignore this e-mail – nothing about your account has changed.',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject'),
    recipientName: `${data.vorname} ${data.nachname}`,
    paragraphs: [mail.t('intro'), mail.t('instruction')],
    action: { label: mail.t('action'), url: mail.link('Login') },
    notes: [mail.t('notYou')],
  }),
});
